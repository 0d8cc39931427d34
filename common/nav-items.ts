import type { MessageKey } from './i18n/index';

/** The menu's pages, in order (Home, Contest Details, Submit an entry, Contest News, Expert Jury, Gallery & Vote, Exhibition, Special Thanks, Contact Us); each is labelled `menu.<page>`. Account / Login-Register / Logout follow by session state. */
const MENU_PAGES = ['home', 'eventDetails', 'submitWorks', 'events', 'professionalJury', 'gallery', 'exhibition', 'specialThanks', 'contactUs'] as const;

export const NAV_ITEMS: { path: string; label: MessageKey }[] = MENU_PAGES.map((page) => ({ path: `/${page}`, label: `menu.${page}` as const }));

/** The results page joins the menu once the organiser has published it. */
export const RESULTS_NAV_ITEM: { path: string; label: MessageKey } = { path: '/results', label: 'menu.results' };
