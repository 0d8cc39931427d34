import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { useLocale } from '../../i18n/use-locale';

/** Shared body of the 404 and 500 pages: big status, one sentence, the way home. */
export function ErrorView({ code, title, body }: { code: string; title: string; body: string }) {
  const { link } = useLocale();
  usePageTitle(title);
  return (
    <section className="error-view container">
      <p className="error-code" aria-hidden="true">
        {code}
      </p>
      <h1>{title}</h1>
      <p className="muted">{body}</p>
      <Link className="btn btn-primary" to={link('/home')}>
        <FormattedMessage id="common.backToHome" />
      </Link>
    </section>
  );
}
