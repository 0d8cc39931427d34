import type { MessageKey } from '../../../common/i18n/index';
import { type AccessMap, canAccess, canAccessParent } from '../../../common/routes';

/** The console's side menu, each item behind an access key: missing keys hide items, and a parent whose children are all hidden is hidden too. */
export type ConsoleMenuItem = { key: string; label: MessageKey; access?: string; children?: ConsoleMenuItem[] };

export const CONSOLE_MENU: ConsoleMenuItem[] = [
  { key: '/', label: 'console.menu.dashboard', access: 'canSeeAdmin' },
  { key: '/entries', label: 'console.menu.entries', access: 'canSeeAdmin' },
  { key: '/entry-form', label: 'entryForm.console.menu', access: 'canSeeAdmin' },
  {
    key: 'content',
    label: 'console.menu.content',
    children: [
      { key: '/content/news', label: 'console.menu.news', access: 'canSeeAdmin' },
      { key: '/content/jury', label: 'console.menu.jury', access: 'canSeeAdmin' },
      { key: '/content/exhibitions', label: 'console.menu.exhibitions', access: 'canSeeAdmin' },
      { key: '/content/sponsors', label: 'console.menu.sponsors', access: 'canSeeAdmin' },
      { key: '/content/templates', label: 'console.menu.templates', access: 'canSeeAdmin' },
      { key: '/content/scamTips', label: 'console.menu.scamTips', access: 'canSeeAdmin' },
      { key: '/pages', label: 'console.menu.pages', access: 'canSeeAdmin' },
    ],
  },
  { key: '/votes', label: 'console.menu.votes', access: 'canSeeAdmin' },
  { key: '/jury', label: 'jury.menu.jury', access: 'canSeeAdmin' },
  { key: '/judging', label: 'jury.menu.judging', access: 'canJudge' },
  { key: '/inbox', label: 'console.menu.inbox', access: 'canSeeAdmin' },
  { key: '/mail-templates', label: 'console.menu.mailTemplates', access: 'canSeeAdmin' },
  { key: '/identity', label: 'console.menu.identity', access: 'canSeeAdmin' },
  { key: '/settings', label: 'console.menu.settings', access: 'canSeeAdmin' },
  { key: '/users', label: 'console.menu.users', access: 'canSeeAdmin' },
];

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
