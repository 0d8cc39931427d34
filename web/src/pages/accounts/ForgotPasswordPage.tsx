import { Alert, Form } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { request } from '../../api/request';
import { useHydrated } from '../../app/server-html';
import { useLocale } from '../../i18n/use-locale';
import { AuthPage } from './AuthPage';
import { AuthSubmitButton } from './AuthSubmitButton';
import { EmailField } from './EmailField';
import { showSubmitError } from './form-rules';

/** Forgot password: mails a reset link to the address. */
export default function ForgotPasswordPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const [form] = Form.useForm<{ email: string }>();
  // Painted by the server, the form takes input once the app has taken the page over (typed text would be lost).
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (values: { email: string }) => {
    setBusy(true);
    try {
      await request('/api/auth/forgot', { method: 'POST', body: values, level: 'silent' });
      setSent(true);
    } catch (err) {
      showSubmitError(err, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPage title={intl.formatMessage({ id: 'route.forgotPassword' })} intro={intl.formatMessage({ id: 'account.forgot.intro' })}>
      {sent ? (
        <Alert type="success" showIcon role="status" title={intl.formatMessage({ id: 'account.forgot.sent' })} />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={!hydrated}>
          <EmailField />
          <AuthSubmitButton labelKey="account.forgot.submit" busy={busy} />
        </Form>
      )}
      <div className="auth-links">
        <Link to={link('/login')}>
          <FormattedMessage id="account.forgot.backToLogin" />
        </Link>
      </div>
    </AuthPage>
  );
}
