import { Form } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { showMessage } from '../../api/feedback';
import { request } from '../../api/request';
import { useHydrated } from '../../app/server-html';
import { useBackgroundSolution } from '../../challenge/use-background-solution';
import { PrivacyNote } from '../../components/PrivacyNote';
import { errorText } from '../../i18n/error-text';
import { useLocale } from '../../i18n/use-locale';
import { AuthPage } from './AuthPage';
import { AuthSubmitButton } from './AuthSubmitButton';
import { EmailField } from './EmailField';
import { showSubmitError } from './form-rules';
import { NewPasswordFields } from './NewPasswordFields';
import { ResendVerification } from './ResendVerification';

type Values = { email: string; password: string; confirmPassword: string };

/**
 * Register (email, password, confirmation); the same rules as the server, checked as the person types. A
 * `register` proof-of-work challenge is solved in the background meanwhile and sent with the form.
 */
export default function RegisterPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  // Painted by the server, the form takes input once the app has taken the page over (typed text would be lost).
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const redirect = params.get('redirect');
  const takeSolution = useBackgroundSolution('register');

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const altcha = await takeSolution().catch(() => null);
      // Solving failed twice (no workers, the challenge not fetched): say so; the next submit tries again.
      if (altcha === null) return void showMessage('error', intl.formatMessage({ id: 'captcha.failed' }));
      const body = { ...values, altcha };
      const data = await request<{ email: string; messageCode: number }>('/api/auth/register', { method: 'POST', body, level: 'silent' });
      void showMessage('success', errorText(data.messageCode));
      setDone(data.email);
    } catch (err) {
      showSubmitError(err, form);
    } finally {
      setBusy(false);
    }
  };

  const title = intl.formatMessage({ id: 'route.register' });
  if (done) {
    return (
      <AuthPage title={title}>
        <div className="auth-status" role="status">
          <div className="auth-status-icon auth-status-icon--ok" aria-hidden="true">
            ✉
          </div>
          <h2>
            <FormattedMessage id="account.register.doneTitle" />
          </h2>
          <p>
            <FormattedMessage id="account.register.doneBody" values={{ email: <strong>{done}</strong> }} />
          </p>
          <div className="auth-actions">
            <ResendVerification email={done} />
            <Link className="btn btn-primary" to={`${link('/login')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>
              <FormattedMessage id="account.register.toLogin" />
            </Link>
          </div>
        </div>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={title} intro={intl.formatMessage({ id: 'account.register.intro' })}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={!hydrated}>
        <EmailField />
        <NewPasswordFields form={form} labelId="auth.password" />
        <PrivacyNote />
        <AuthSubmitButton labelKey="account.register.submit" busy={busy} />
      </Form>
      <div className="auth-links">
        <span>
          <FormattedMessage id="account.register.haveAccount" />{' '}
          <Link to={link('/login')}>
            <FormattedMessage id="account.register.toLogin" />
          </Link>
        </span>
      </div>
    </AuthPage>
  );
}
