import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CurrentUser } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import { loginPasswordField } from '../../../../common/schemas/account';
import { ApiError } from '../../api/api-error';
import { showMessage } from '../../api/feedback';
import { request, setAccessToken } from '../../api/request';
import { useCurrentUser } from '../../app/current-user';
import { useHydrated } from '../../app/server-html';
import { errorText } from '../../i18n/error-text';
import { useLocale } from '../../i18n/use-locale';
import { AuthPage } from './AuthPage';
import { AuthSubmitButton } from './AuthSubmitButton';
import { EmailField } from './EmailField';
import { safeRedirect, schemaRule, showSubmitError } from './form-rules';
import { ResendVerification } from './ResendVerification';

type LoginResult = { token: string; user: CurrentUser; messageCode: number };

/** Login by e-mail; afterwards the person returns to the page that sent them (`?redirect=`). */
export default function LoginPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const { refresh } = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ email: string; password: string }>();
  // Painted by the server, the form takes input once the app has taken the page over (typed text would be lost).
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState<string | null>(null);
  const redirect = params.get('redirect');

  const submit = async (values: { email: string; password: string }) => {
    setBusy(true);
    setUnverified(null);
    try {
      const data = await request<LoginResult>('/api/auth/login', { method: 'POST', body: values, level: 'silent' });
      setAccessToken(data.token);
      await refresh();
      void showMessage('success', errorText(data.messageCode));
      navigate(safeRedirect(redirect, link('/account')), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.AccountNotActivated) setUnverified(values.email);
      else showSubmitError(err, form);
    } finally {
      setBusy(false);
    }
  };

  const registerLink = `${link('/register')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <AuthPage title={intl.formatMessage({ id: 'route.login' })} intro={intl.formatMessage({ id: 'account.login.intro' })}>
      {unverified && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 20 }}
          title={errorText(Code.AccountNotActivated)}
          description={
            <>
              <p>
                <FormattedMessage id="account.login.notVerified" />
              </p>
              <ResendVerification email={unverified} />
            </>
          }
        />
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={!hydrated}>
        <EmailField />
        <Form.Item name="password" label={intl.formatMessage({ id: 'auth.password' })} rules={[schemaRule(loginPasswordField)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <AuthSubmitButton labelKey="account.login.submit" busy={busy} />
      </Form>
      <div className="auth-links">
        <Link to={link('/forgotPassword')}>
          <FormattedMessage id="account.login.forgot" />
        </Link>
        <span>
          <FormattedMessage id="account.login.noAccount" />{' '}
          <Link to={registerLink}>
            <FormattedMessage id="account.login.toRegister" />
          </Link>
        </span>
      </div>
    </AuthPage>
  );
}
