/**
 * Every public route of the site. The web app builds its router from this list (bare and under each
 * /{lang} prefix) and the server uses it to answer page requests with the right status and <head>.
 */
export type PageRoute = {
  /** Path without a leading slash; ':id' marks a parameter. */
  path: string;
  /** Message id of the page title (common/i18n). */
  titleKey: string;
  /** Named access key (resolved against the access map); none means public. */
  access?: string;
  /** The page shows what only the signed-in visitor's browser knows (not behind an access key, but sends anonymous visitors to log in): the browser draws it, the server does not paint it. */
  perVisitor?: true;
  /** Whether the route also exists under /{lang}. /share only exists bare. */
  localized?: boolean;
  /** Listed in the sitemap. */
  indexable?: boolean;
};

export const PAGE_ROUTES: PageRoute[] = [
  { path: 'home', titleKey: 'route.home', indexable: true },
  { path: 'eventDetails', titleKey: 'route.eventDetails', indexable: true },
  { path: 'submitWorks', titleKey: 'route.submitWorks', indexable: true, perVisitor: true },
  { path: 'events', titleKey: 'route.events', indexable: true },
  { path: 'events/:id', titleKey: 'route.events' },
  { path: 'professionalJury', titleKey: 'route.professionalJury', indexable: true },
  { path: 'gallery', titleKey: 'route.gallery', indexable: true },
  { path: 'gallery/:id', titleKey: 'route.gallery' },
  { path: 'exhibition', titleKey: 'route.exhibition', indexable: true },
  { path: 'exhibition/:id', titleKey: 'route.exhibition' },
  { path: 'specialThanks', titleKey: 'route.specialThanks', indexable: true },
  { path: 'contactUs', titleKey: 'route.contactUs', indexable: true },
  // The winners once the organiser publishes them (before that it says when; the menu links it only after).
  { path: 'results', titleKey: 'route.results', indexable: true },
  { path: 'aboutUs', titleKey: 'route.aboutUs', indexable: true },
  // The organiser's notice once published; until then a built-in one saying what the software stores.
  { path: 'privacy', titleKey: 'route.privacy', indexable: true },
  // A voter checks a vote's receipt; the public account of the vote once voting closed and it was published.
  { path: 'voteReceipt', titleKey: 'route.voteReceipt' },
  { path: 'transparency', titleKey: 'route.transparency', indexable: true },
  { path: 'activateLogin', titleKey: 'route.activateLogin' },
  { path: 'activateFaild', titleKey: 'route.activateFaild' },
  { path: 'resetPassword', titleKey: 'route.resetPassword' },
  { path: 'login', titleKey: 'route.login' },
  { path: 'register', titleKey: 'route.register' },
  { path: 'forgotPassword', titleKey: 'route.forgotPassword' },
  { path: 'account', titleKey: 'route.account', access: 'isLoggedIn' },
  { path: 'share', titleKey: 'route.share', localized: false, indexable: true },
  { path: '500', titleKey: 'route.500' },
  { path: '404', titleKey: 'route.404' },
];

/** Matches a path (no prefix, no leading slash) against the route list; returns the route and params. */
export function matchPageRoute(path: string): { route: PageRoute; params: Record<string, string> } | undefined {
  const parts = path.split('/').filter(Boolean);
  for (const route of PAGE_ROUTES) {
    const pattern = route.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const seg = pattern[i] as string;
      const part = parts[i] as string;
      if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(part);
      else if (seg !== part) {
        ok = false;
        break;
      }
    }
    if (ok) return { route, params };
  }
  return undefined;
}

/** Access map: named keys -> allowed. A key the map does not name is inaccessible. */
export type AccessMap = Record<string, boolean>;

export function canAccess(accessKey: string | undefined, access: AccessMap): boolean {
  if (accessKey === undefined) return true;
  return access[accessKey] === true;
}

/** A parent is inaccessible when all its children are. */
export function canAccessParent(childKeys: (string | undefined)[], access: AccessMap): boolean {
  return childKeys.some((key) => canAccess(key, access));
}
