import { Button, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageKey } from '../../../../common/i18n/index';
import { loginPasswordField } from '../../../../common/schemas/account';
import { showMessage } from '../../api/feedback';
import { clearAccessToken, request } from '../../api/request';
import { useCurrentUser } from '../../app/current-user';
import { AntdScope } from '../../components/AntdScope';
import { PageHeader } from '../../components/PageHeader';
import { TitledSection } from '../../components/TitledSection';
import { useLocale } from '../../i18n/use-locale';
import { MyEntriesSection } from '../submission/MyEntriesSection';
import { AccountDataSection } from './AccountDataSection';
import { schemaRule, showSubmitError } from './form-rules';
import { NewPasswordFields } from './NewPasswordFields';
import './accounts.css';

type PasswordValues = { currentPassword: string; password: string; confirmPassword: string };

/** Ends this sign-in (or every one, by `url`) and goes to the login page. */
function SignOutButton({ url, labelKey, danger }: { url: string; labelKey: MessageKey; danger?: boolean }) {
  const { link } = useLocale();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    await request(url, { method: 'POST', level: 'silent' }).catch(() => undefined);
    clearAccessToken();
    // A full load rather than a client-side move: it drops every cached personal query with the session,
    // and the members-only page's guard cannot race the move with a redirect back to /account.
    window.location.assign(link('/login'));
  };
  return (
    <Button danger={danger} loading={busy} onClick={() => void signOut()}>
      <FormattedMessage id={labelKey} />
    </Button>
  );
}

/** The signed-in person's account: e-mail and verification state, change password, sign-ins, their data; then "my entries". */
export default function AccountPage() {
  const intl = useIntl();
  const { currentUser } = useCurrentUser();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);

  const changePassword = async (values: PasswordValues) => {
    setBusy(true);
    try {
      await request('/api/account/password', { method: 'POST', body: values, level: 'silent' });
      form.resetFields();
      void showMessage('success', intl.formatMessage({ id: 'account.page.changed' }));
    } catch (err) {
      showSubmitError(err, form);
    } finally {
      setBusy(false);
    }
  };

  if (!currentUser) return null;
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'route.account' })} />
      <div className="auth-band">
        <div className="container">
          <AntdScope>
            <div className="account-grid">
              <TitledSection className="auth-card account-card" headingId="account-profile" titleKey="account.page.profile">
                <dl className="account-facts">
                  <dt>
                    <FormattedMessage id="account.page.email" />
                  </dt>
                  <dd data-testid="account-email">{currentUser.email}</dd>
                  <dt>
                    <FormattedMessage id="account.page.status" />
                  </dt>
                  <dd>
                    <Tag color={currentUser.verified ? 'success' : 'warning'}>
                      <FormattedMessage id={currentUser.verified ? 'account.page.verified' : 'account.page.unverified'} />
                    </Tag>
                  </dd>
                </dl>
              </TitledSection>
              <TitledSection className="auth-card account-card" headingId="account-password" titleKey="account.page.changePassword">
                <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void changePassword(v)}>
                  <Form.Item name="currentPassword" label={intl.formatMessage({ id: 'auth.currentPassword' })} rules={[schemaRule(loginPasswordField)]}>
                    <Input.Password autoComplete="current-password" />
                  </Form.Item>
                  <NewPasswordFields form={form} labelId="auth.newPassword" />
                  <Button type="primary" htmlType="submit" loading={busy}>
                    <FormattedMessage id="account.page.changeSubmit" />
                  </Button>
                </Form>
              </TitledSection>
              <TitledSection className="auth-card account-card account-sessions" headingId="account-sessions" titleKey="account.page.sessions">
                <p className="muted">
                  <FormattedMessage id="account.page.sessionsHint" />
                </p>
                <div className="auth-actions">
                  <SignOutButton url="/api/auth/logout" labelKey="account.page.logout" />
                  <SignOutButton url="/api/account/logout-all" labelKey="account.page.logoutAll" danger />
                </div>
              </TitledSection>
              <AccountDataSection />
            </div>
          </AntdScope>
        </div>
      </div>
      <MyEntriesSection />
    </>
  );
}
