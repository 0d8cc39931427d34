import type { RouteObject } from 'react-router';
import { ConsoleLayout } from './ConsoleLayout';
import { LoginPage } from './pages/LoginPage';

/** Console pages load on demand; the shell (layout, menu, sign-in) is in the entry chunk. */
export const adminRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/invite', lazy: async () => ({ Component: (await import('./pages/judging/InvitePage')).InvitePage }) },
  {
    path: '/',
    element: <ConsoleLayout />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./pages/DashboardPage')).DashboardPage }) },
      { path: 'entries', lazy: async () => ({ Component: (await import('./pages/EntriesPage')).EntriesPage }) },
      { path: 'content/:kind', lazy: async () => ({ Component: (await import('./pages/ContentPage')).ContentPage }) },
      { path: 'pages', lazy: async () => ({ Component: (await import('./pages/EditablePagesPage')).EditablePagesPage }) },
      { path: 'media-library', lazy: async () => ({ Component: (await import('./pages/MediaLibraryPage')).MediaLibraryPage }) },
      { path: 'votes', lazy: async () => ({ Component: (await import('./pages/VotesPage')).VotesPage }) },
      { path: 'inbox', lazy: async () => ({ Component: (await import('./pages/InboxPage')).InboxPage }) },
      { path: 'entry-form', lazy: async () => ({ Component: (await import('./pages/entry-form/EntryFormPage')).EntryFormPage }) },
      { path: 'mail-templates', lazy: async () => ({ Component: (await import('./pages/MailTemplatesPage')).MailTemplatesPage }) },
      { path: 'mail-templates/:kind', lazy: async () => ({ Component: (await import('./pages/MailTemplatesPage')).MailTemplatesPage }) },
      { path: 'notices', lazy: async () => ({ Component: (await import('./pages/NoticesPage')).NoticesPage }) },
      { path: 'identity', lazy: async () => ({ Component: (await import('./pages/IdentityPage')).IdentityPage }) },
      { path: 'settings', lazy: async () => ({ Component: (await import('./pages/SettingsPage')).SettingsPage }) },
      { path: 'users', lazy: async () => ({ Component: (await import('./pages/UsersPage')).UsersPage }) },
      { path: 'audit', lazy: async () => ({ Component: (await import('./pages/AuditLogPage')).AuditLogPage }) },
      { path: 'jury', lazy: async () => ({ Component: (await import('./pages/jury/JuryPage')).JuryPage }) },
      { path: 'judging', lazy: async () => ({ Component: (await import('./pages/judging/JudgingPage')).JudgingPage }) },
      { path: 'judging/:id', lazy: async () => ({ Component: (await import('./pages/judging/JudgingEntryPage')).JudgingEntryPage }) },
    ],
  },
];
