/**
 * The source file (relative to web/) of each page route's component and of the section layouts, keyed as
 * in common/routes.ts. web/src/routes.tsx imports the same files (literal imports, which Vite needs); the
 * server looks them up in the Vite manifest to preload a page's own chunks with its HTML
 * (server/src/html/preload.ts). web/src/page-files.test.ts keeps the two lists equal.
 */
export const PAGE_FILES: Record<string, string> = {
  home: 'src/pages/home/HomePage.tsx',
  eventDetails: 'src/pages/details/EventDetailsPage.tsx',
  submitWorks: 'src/pages/submission/SubmitWorksPage.tsx',
  events: 'src/pages/news/NewsListPage.tsx',
  'events/:id': 'src/pages/news/NewsItemPage.tsx',
  professionalJury: 'src/pages/jury/JuryPage.tsx',
  gallery: 'src/pages/gallery/GalleryListPage.tsx',
  'gallery/:id': 'src/pages/gallery/GalleryDetailPage.tsx',
  exhibition: 'src/pages/exhibition/ExhibitionListPage.tsx',
  'exhibition/:id': 'src/pages/exhibition/ExhibitionDetailPage.tsx',
  specialThanks: 'src/pages/thanks/SpecialThanksPage.tsx',
  contactUs: 'src/pages/contact/ContactUsPage.tsx',
  results: 'src/pages/results/ResultsPage.tsx',
  aboutUs: 'src/pages/about/AboutUsPage.tsx',
  privacy: 'src/pages/privacy/PrivacyPage.tsx',
  voteReceipt: 'src/pages/votes/VoteReceiptPage.tsx',
  transparency: 'src/pages/votes/TransparencyPage.tsx',
  activateLogin: 'src/pages/accounts/ActivateLoginPage.tsx',
  activateFaild: 'src/pages/accounts/ActivateFailedPage.tsx',
  resetPassword: 'src/pages/accounts/ResetPasswordPage.tsx',
  login: 'src/pages/accounts/LoginPage.tsx',
  register: 'src/pages/accounts/RegisterPage.tsx',
  forgotPassword: 'src/pages/accounts/ForgotPasswordPage.tsx',
  account: 'src/pages/accounts/AccountPage.tsx',
  share: 'src/pages/gallery/SharePage.tsx',
  '500': 'src/pages/errors/ServerErrorPage.tsx',
  '404': 'src/pages/errors/NotFoundPage.tsx',
};

/** Routes under a shared layout route (first path segment -> layout file). */
export const SECTION_LAYOUT_FILES: Record<string, string> = {
  exhibition: 'src/layouts/ExhibitionLayout.tsx',
  gallery: 'src/layouts/GalleryLayout.tsx',
};

/** The files a page route needs: its section layout (if any), then its own component. */
export function pageFilesFor(routePath: string): string[] {
  const head = routePath.split('/')[0] ?? '';
  const out: string[] = [];
  const layout = SECTION_LAYOUT_FILES[head];
  if (layout) out.push(layout);
  const page = PAGE_FILES[routePath];
  if (page) out.push(page);
  return out;
}
