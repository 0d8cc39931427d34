import { Alert, Form } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Code } from '../../../../common/errors';
import { firstCode, tokenField } from '../../../../common/schemas/account';
import { ApiError } from '../../api/api-error';
import { request } from '../../api/request';
import { useHydrated } from '../../app/server-html';
import { errorText } from '../../i18n/error-text';
import { useLocale } from '../../i18n/use-locale';
import { AuthPage } from './AuthPage';
import { AuthSubmitButton } from './AuthSubmitButton';
import { showSubmitError } from './form-rules';
import { NewPasswordFields } from './NewPasswordFields';

type Values = { password: string; confirmPassword: string };
type State = 'checking' | 'ready' | 'invalid' | 'done';

/** Reset through the e-mailed link: new password + confirmation. It does not sign the person in. */
export default function ResetPasswordPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  // Painted by the server, the form takes input once the app has taken the page over (typed text would be lost).
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<State>(() => (firstCode(tokenField, token) === null ? 'checking' : 'invalid'));

  useEffect(() => {
    if (firstCode(tokenField, token) !== null) return;
    let live = true;
    request('/api/auth/reset/check', { method: 'POST', body: { token }, level: 'silent' })
      .then(() => live && setState('ready'))
      .catch((err) => live && setState(err instanceof ApiError && err.code === Code.InvalidResetLink ? 'invalid' : 'ready'));
    return () => {
      live = false;
    };
  }, [token]);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await request('/api/auth/reset', { method: 'POST', body: { token, ...values }, level: 'silent' });
      setState('done');
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.InvalidResetLink) setState('invalid');
      else showSubmitError(err, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPage title={intl.formatMessage({ id: 'route.resetPassword' })} intro={intl.formatMessage({ id: 'account.reset.intro' })}>
      {state === 'invalid' && (
        <>
          <Alert type="error" showIcon role="alert" title={errorText(Code.InvalidResetLink)} />
          <div className="auth-actions">
            <Link className="btn btn-primary" to={link('/forgotPassword')}>
              <FormattedMessage id="account.reset.newLink" />
            </Link>
          </div>
        </>
      )}
      {state === 'done' && (
        <>
          <Alert type="success" showIcon role="status" title={intl.formatMessage({ id: 'account.reset.done' })} />
          <div className="auth-actions">
            <Link className="btn btn-primary" to={link('/login')}>
              <FormattedMessage id="account.activate.toLogin" />
            </Link>
          </div>
        </>
      )}
      {(state === 'ready' || state === 'checking') && (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={state === 'checking' || !hydrated}>
          <NewPasswordFields form={form} labelId="auth.newPassword" />
          <AuthSubmitButton labelKey="account.reset.submit" busy={busy} />
        </Form>
      )}
    </AuthPage>
  );
}
