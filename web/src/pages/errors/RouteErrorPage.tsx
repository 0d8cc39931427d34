import { IntlProvider } from 'react-intl';
import { useRouteError } from 'react-router';
import { detectLocale } from '../../i18n/detect-locale';
import { currentMessages } from '../../i18n/messages';

/**
 * Last-resort error element, rendered outside the normal providers. A failed chunk load (network drop,
 * new deploy) gets the catalogued load-error text and a reload button.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const locale = detectLocale(window.location.pathname);
  // Texts already on screen; this page must not depend on another download (it shows when one failed).
  const messages = currentMessages();
  const chunk = error instanceof Error && /dynamically imported module|Importing a module script failed|Loading chunk|timed out/i.test(error.message);
  return (
    <IntlProvider locale={locale} messages={messages}>
      <section className="error-view container">
        <p className="error-code" aria-hidden="true">
          {messages['error.500.title'] ?? '500'}
        </p>
        <h1>{chunk ? messages['request.chunkLoad'] : messages['route.500']}</h1>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {messages['common.retry']}
        </button>
      </section>
    </IntlProvider>
  );
}
