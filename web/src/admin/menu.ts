import type { MessageKey } from '../../../common/i18n/index';
import { type AccessMap, canAccess, canAccessParent } from '../../../common/routes';

/** The console's side menu, each item behind an access key: missing keys hide items, and a parent whose children are all hidden is hidden too. */
export type ConsoleMenuItem = { key: string; label: MessageKey; access?: string; children?: ConsoleMenuItem[] };

export const CONSOLE_MENU: ConsoleMenuItem[] = [
  { key: '/', label: 'console.menu.dashboard', access: 'consoleOrganiser' },
  { key: '/entries', label: 'console.menu.entries', access: 'consoleReview' },
  { key: '/entry-form', label: 'entryForm.console.menu', access: 'consoleOrganiser' },
  {
    key: 'content',
    label: 'console.menu.content',
    children: [
      { key: '/content/news', label: 'console.menu.news', access: 'consoleContent' },
      { key: '/content/jury', label: 'console.menu.jury', access: 'consoleContent' },
      { key: '/content/exhibitions', label: 'console.menu.exhibitions', access: 'consoleContent' },
      { key: '/content/sponsors', label: 'console.menu.sponsors', access: 'consoleContent' },
      { key: '/content/templates', label: 'console.menu.templates', access: 'consoleContent' },
      { key: '/content/scamTips', label: 'console.menu.scamTips', access: 'consoleContent' },
      { key: '/pages', label: 'console.menu.pages', access: 'consoleContent' },
      { key: '/media-library', label: 'console.menu.mediaLibrary', access: 'consoleContent' },
    ],
  },
  { key: '/votes', label: 'console.menu.votes', access: 'consoleOrganiser' },
  { key: '/jury', label: 'jury.menu.jury', access: 'consoleOrganiser' },
  { key: '/judging', label: 'jury.menu.judging', access: 'canJudge' },
  { key: '/inbox', label: 'console.menu.inbox', access: 'consoleOrganiser' },
  { key: '/mail-templates', label: 'console.menu.mailTemplates', access: 'consoleOrganiser' },
  { key: '/notices', label: 'console.menu.notices', access: 'consoleContent' },
  { key: '/identity', label: 'console.menu.identity', access: 'consoleOrganiser' },
  { key: '/settings', label: 'console.menu.settings', access: 'consoleOrganiser' },
  { key: '/users', label: 'console.menu.users', access: 'consoleOrganiser' },
  { key: '/audit', label: 'console.menu.audit', access: 'consoleOrganiser' },
];

/** The menu's leaves in order (the pages themselves). */
function leaves(items: ConsoleMenuItem[]): ConsoleMenuItem[] {
  return items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
}

/**
 * Where a staff member may not go: the first page of their menu when `path` is a menu page their role does
 * not open ('/' included), else null. Pages outside the menu (a juror's entry) decide for themselves.
 */
export function redirectFor(path: string, access: AccessMap): string | null {
  const page = leaves(CONSOLE_MENU).find((i) => i.key === path);
  if (!page || canAccess(page.access, access)) return null;
  return leaves(visibleMenu(CONSOLE_MENU, access))[0]?.key ?? null;
}

export function visibleMenu(items: ConsoleMenuItem[], access: AccessMap): ConsoleMenuItem[] {
  return items.flatMap((item) => {
    if (item.children) {
      const children = visibleMenu(item.children, access);
      return canAccessParent(
        item.children.map((c) => c.access),
        access,
      ) && children.length > 0
        ? [{ ...item, children }]
        : [];
    }
    return canAccess(item.access, access) ? [item] : [];
  });
}
