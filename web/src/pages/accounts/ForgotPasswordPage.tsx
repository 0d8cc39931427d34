import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { emailField } from '../../../../common/schemas/account';
import { request } from '../../api/request';
import { useLocale } from '../../i18n/use-locale';
import { AuthPage } from './AuthPage';
import { schemaRule, showSubmitError } from './form-rules';

/** Forgot password: mails a reset link to the address. */
export default function ForgotPasswordPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const [form] = Form.useForm<{ email: string }>();
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
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
          <Form.Item name="email" label={intl.formatMessage({ id: 'auth.email' })} rules={[schemaRule(emailField)]}>
            <Input type="email" autoComplete="email" inputMode="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            <FormattedMessage id="account.forgot.submit" />
          </Button>
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
