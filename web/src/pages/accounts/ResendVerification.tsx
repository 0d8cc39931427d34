import { Button, Form } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { showMessage } from '../../api/feedback';
import { request } from '../../api/request';
import { useHydrated } from '../../app/server-html';
import { EmailField } from './EmailField';
import { showSubmitError } from './form-rules';

/** "Resend verification e-mail": a button when the address is known, else a one-field form. */
export function ResendVerification({ email }: { email?: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ email: string }>();
  // Painted by the server, the form takes input once the app has taken the page over (typed text would be lost).
  const hydrated = useHydrated();

  const send = async (address: string) => {
    setBusy(true);
    try {
      await request('/api/auth/resend', { method: 'POST', body: { email: address }, level: 'silent' });
      void showMessage('success', intl.formatMessage({ id: 'account.resend.sent' }, { email: address.trim() }));
    } catch (err) {
      showSubmitError(err, email ? undefined : form);
    } finally {
      setBusy(false);
    }
  };

  if (email) {
    return (
      <Button onClick={() => void send(email)} loading={busy}>
        <FormattedMessage id="account.resend.action" />
      </Button>
    );
  }
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void send(v.email)} disabled={!hydrated}>
      <EmailField />
      <Button htmlType="submit" loading={busy}>
        <FormattedMessage id="account.resend.action" />
      </Button>
    </Form>
  );
}
