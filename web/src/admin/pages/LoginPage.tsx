import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import { Code } from '../../../../common/errors';
import { setAccessToken } from '../../api/request';
import { useCurrentUser } from '../../app/current-user';
import { errorText } from '../../i18n/error-text';
import { signIn } from '../queries/session';
import { SignInCard } from '../SignInCard';
import { SubmitButton } from '../SubmitButton';

/** /admin/#/login: the console's sign-in, also where an expired session lands. */
export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { access, refresh } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [notAdmin, setNotAdmin] = useState(false);

  if (access.canSeeAdmin) return <Navigate to="/" replace />;
  if (access.canJudge) return <Navigate to="/judging" replace />;

  const submit = async (values: { email: string; password: string }) => {
    setBusy(true);
    setNotAdmin(false);
    try {
      const answer = await signIn(values);
      setAccessToken(answer.token);
      await refresh();
      if (answer.user.role === 'admin') navigate('/', { replace: true });
      else if (answer.user.role === 'juror') navigate('/judging', { replace: true });
      else setNotAdmin(true);
    } catch {
      // The request layer has shown the reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignInCard titleKey="console.login.title">
      {notAdmin && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={intl.formatMessage({ id: 'console.login.notAdmin' })} />}
      <Form layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item
          name="email"
          label={intl.formatMessage({ id: 'console.login.email' })}
          rules={[{ required: true, type: 'email', message: errorText(Code.EmailFormat) }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={intl.formatMessage({ id: 'console.login.password' })}
          rules={[{ required: true, message: errorText(Code.PasswordRequired) }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <SubmitButton labelKey="console.login.submit" loading={busy} block />
      </Form>
    </SignInCard>
  );
}
