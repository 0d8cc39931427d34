import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { AuthPage } from './AuthPage';

/** Where a working verification link lands: the account is active, with the way to log in. */
export default function ActivateLoginPage() {
  const intl = useIntl();
  const { link } = useLocale();
  return (
    <AuthPage title={intl.formatMessage({ id: 'route.activateLogin' })}>
      <div className="auth-status" role="status">
        <div className="auth-status-icon auth-status-icon--ok" aria-hidden="true">
          ✓
        </div>
        <p>
          <FormattedMessage id="account.activate.okBody" />
        </p>
        <div className="auth-actions">
          <Link className="btn btn-primary" to={`${link('/login')}?redirect=${encodeURIComponent(link('/submitWorks'))}`}>
            <FormattedMessage id="account.activate.toLogin" />
          </Link>
        </div>
      </div>
    </AuthPage>
  );
}
