/** The organiser's console pages (hash routes) that the accessibility walk and the empty-install walk both open. */
export const ORGANISER_CONSOLE_PAGES = [
  '/',
  '/entries',
  '/content/news',
  '/content/jury',
  '/content/exhibitions',
  '/content/sponsors',
  '/content/templates',
  '/content/scamTips',
  '/pages',
  '/votes',
  '/inbox',
  '/settings',
  '/users',
  '/jury',
];
