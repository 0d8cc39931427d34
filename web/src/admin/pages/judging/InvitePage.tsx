import { Alert, App, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { Code } from '../../../../../common/errors';
import { isLocale } from '../../../../../common/locales';
import { showFieldErrors } from '../../../api/form-errors';
import { setAccessToken } from '../../../api/request';
import { useCurrentUser } from '../../../app/current-user';
import { errorText } from '../../../i18n/error-text';
import { useAdminLocale } from '../../AdminLocale';
import { acceptInvitation, useInvitation } from '../../queries/judging';
import { SignInCard } from '../../SignInCard';
import { SubmitButton } from '../../SubmitButton';

type Values = { password: string; confirmPassword: string };

/** /admin/#/invite?token=...: the juror's invitation link sets their password and signs them in to their judging page. */
export function InvitePage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { setLocale } = useAdminLocale();
  const { refresh } = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  // The mail's link names the language the organiser chose for this juror.
  useEffect(() => {
    const lang = new URLSearchParams(window.location.search).get('lang');
    if (isLocale(lang)) setLocale(lang);
  }, [setLocale]);

  const invitation = useInvitation(token);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const answer = await acceptInvitation({ token, ...values });
      void message.success(intl.formatMessage({ id: 'jury.invite.done' }));
      // The answer signs the juror in; without a session (an account disabled meanwhile) the sign-in form says why.
      if (!answer.token) return navigate('/login', { replace: true });
      setAccessToken(answer.token);
      await refresh();
      navigate('/judging', { replace: true });
    } catch (err) {
      showFieldErrors(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignInCard titleKey="jury.invite.title">
      {invitation.isPending ? (
        <Spin />
      ) : invitation.isError ? (
        <Alert type="error" showIcon title={errorText(Code.JuryInvitationInvalid)} />
      ) : (
        <>
          <Typography.Paragraph>
            <FormattedMessage id="jury.invite.intro" values={{ email: <strong>{invitation.data.email}</strong> }} />
          </Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
            <Form.Item
              name="password"
              label={intl.formatMessage({ id: 'jury.invite.password' })}
              rules={[{ required: true, message: errorText(Code.PasswordRequired) }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={intl.formatMessage({ id: 'jury.invite.confirm' })}
              rules={[{ required: true, message: errorText(Code.PasswordsDiffer) }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <SubmitButton labelKey="jury.invite.submit" loading={busy} block />
          </Form>
        </>
      )}
    </SignInCard>
  );
}
