/**
 * The console's query-cache keys, in one place: every key starts with 'admin', so signing out drops them all,
 * and a page that changes something names the exact lists it makes stale.
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  setupChecklist: ['admin', 'setup-checklist'] as const,
  phases: ['admin', 'phases'] as const,
  inbox: ['admin', 'inbox'] as const,
  erasures: ['admin', 'erasures'] as const,
  entries: ['admin', 'entries'] as const,
  entry: (id: number) => ['admin', 'entry', id] as const,
  votes: ['admin', 'votes'] as const,
  voteTransparency: ['admin', 'votes', 'transparency'] as const,
  users: ['admin', 'users'] as const,
  audit: ['admin', 'audit'] as const,
  settings: ['admin', 'settings'] as const,
  identity: ['admin', 'identity'] as const,
  content: (kind: string) => ['admin', 'content', kind] as const,
  pages: ['admin', 'page'] as const,
  mediaLibrary: ['admin', 'media-library'] as const,
  mailTemplates: ['admin', 'mail-templates'] as const,
  notices: ['admin', 'notices'] as const,
  jury: {
    awards: ['admin', 'jury', 'awards'] as const,
    criteria: ['admin', 'jury', 'criteria'] as const,
    settings: ['admin', 'jury', 'settings'] as const,
    jurors: ['admin', 'jury', 'jurors'] as const,
    members: ['admin', 'jury', 'members'] as const,
    ranking: ['admin', 'jury', 'ranking'] as const,
    results: ['admin', 'jury', 'results'] as const,
  },
};

/** A juror's own judging area (their sheets and progress), apart from the organiser's jury pages. */
export const judgingKeys = {
  state: ['jury', 'state'] as const,
  entries: ['jury', 'entries'] as const,
  entry: (id: number) => ['jury', 'entry', id] as const,
  invitation: (token: string) => ['jury', 'invitation', token] as const,
};
