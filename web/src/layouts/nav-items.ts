import type { MessageKey } from '../../../common/i18n/index';

/** The spec's menu entries (SPEC §2), in order. Account / Login-Register / Logout follow by session state. */
export const NAV_ITEMS: { path: string; label: MessageKey }[] = [
  { path: '/home', label: 'menu.home' },
  { path: '/eventDetails', label: 'menu.eventDetails' },
  { path: '/submitWorks', label: 'menu.submitWorks' },
  { path: '/events', label: 'menu.events' },
  { path: '/professionalJury', label: 'menu.professionalJury' },
  { path: '/gallery', label: 'menu.gallery' },
  { path: '/exhibition', label: 'menu.exhibition' },
  { path: '/specialThanks', label: 'menu.specialThanks' },
  { path: '/contactUs', label: 'menu.contactUs' },
];
