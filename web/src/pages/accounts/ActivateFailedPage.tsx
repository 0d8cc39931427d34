import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { AuthPage } from './AuthPage';
import { ResendVerification } from './ResendVerification';

/** Where a used, expired or unknown verification link lands; it links to re-register and to the submission page. */
export default function ActivateFailedPage() {
  const intl = useIntl();
  const { link } = useLocale();
  return (
    <AuthPage title={intl.formatMessage({ id: 'route.activateFaild' })}>
      <div className="auth-status" role="alert">
        <div className="auth-status-icon auth-status-icon--fail" aria-hidden="true">
          ✕
        </div>
        <p>
          <FormattedMessage id="account.activate.failBody" />
        </p>
        <div className="auth-actions">
          <Link className="btn btn-primary" to={link('/register')}>
            <FormattedMessage id="account.activate.toRegister" />
          </Link>
          <Link className="btn btn-ghost" to={link('/submitWorks')}>
            <FormattedMessage id="account.activate.toSubmit" />
          </Link>
        </div>
      </div>
      <hr className="auth-divider" />
      <p className="muted">
        <FormattedMessage id="account.activate.resendHint" />
      </p>
      <ResendVerification />
    </AuthPage>
  );
}
