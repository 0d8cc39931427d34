import { Button, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loginPasswordField } from '../../../../common/schemas/account';
import { showMessage } from '../../api/feedback';
import { clearAccessToken, request } from '../../api/request';
import { useCurrentUser } from '../../app/current-user';
import { AntdScope } from '../../components/AntdScope';
import { PageHeader } from '../../components/PageHeader';
import { useLocale } from '../../i18n/use-locale';
import { MyEntriesSection } from '../submission/MyEntriesSection';
import { schemaRule, showSubmitError } from './form-rules';
import { NewPasswordFields } from './NewPasswordFields';
import './accounts.css';

type PasswordValues = { currentPassword: string; password: string; confirmPassword: string };

function useSignOut() {
  const { link } = useLocale();
  return async (url: string) => {
    await request(url, { method: 'POST', level: 'silent' }).catch(() => undefined);
    clearAccessToken();
    // A full load rather than a client-side move: it drops every cached personal query with the session,
    // and the members-only page's guard cannot race the move with a redirect back to /account.
    window.location.assign(link('/login'));
  };
}

/** The signed-in person's account: e-mail and verification state, change password, sign-ins; then "my entries". */
export default function AccountPage() {
  const intl = useIntl();
  const { currentUser } = useCurrentUser();
  const signOut = useSignOut();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState<'password' | 'logout' | 'all' | null>(null);

  const changePassword = async (values: PasswordValues) => {
    setBusy('password');
    try {
      await request('/api/account/password', { method: 'POST', body: values, level: 'silent' });
      form.resetFields();
      void showMessage('success', intl.formatMessage({ id: 'account.page.changed' }));
    } catch (err) {
      showSubmitError(err, form);
    } finally {
      setBusy(null);
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
              <section className="auth-card account-card" aria-labelledby="account-profile">
                <h2 id="account-profile">
                  <FormattedMessage id="account.page.profile" />
                </h2>
                <dl className="account-facts">
                  <dt>
                    <FormattedMessage id="account.page.email" />
                  </dt>
                  <dd data-testid="account-email">{currentUser.email}</dd>
                  <dt>
                    <FormattedMessage id="account.page.status" />
                  </dt>
                  <dd>
                    <Tag color={currentUser.verified ? 'green' : 'orange'}>
                      <FormattedMessage id={currentUser.verified ? 'account.page.verified' : 'account.page.unverified'} />
                    </Tag>
                  </dd>
                </dl>
              </section>
              <section className="auth-card account-card" aria-labelledby="account-password">
                <h2 id="account-password">
                  <FormattedMessage id="account.page.changePassword" />
                </h2>
                <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void changePassword(v)}>
                  <Form.Item name="currentPassword" label={intl.formatMessage({ id: 'auth.currentPassword' })} rules={[schemaRule(loginPasswordField)]}>
                    <Input.Password autoComplete="current-password" />
                  </Form.Item>
                  <NewPasswordFields form={form} labelId="auth.newPassword" />
                  <Button type="primary" htmlType="submit" loading={busy === 'password'}>
                    <FormattedMessage id="account.page.changeSubmit" />
                  </Button>
                </Form>
              </section>
              <section className="auth-card account-card account-sessions" aria-labelledby="account-sessions">
                <h2 id="account-sessions">
                  <FormattedMessage id="account.page.sessions" />
                </h2>
                <p className="muted">
                  <FormattedMessage id="account.page.sessionsHint" />
                </p>
                <div className="auth-actions">
                  <Button
                    loading={busy === 'logout'}
                    onClick={() => {
                      setBusy('logout');
                      void signOut('/api/auth/logout');
                    }}
                  >
                    <FormattedMessage id="account.page.logout" />
                  </Button>
                  <Button
                    danger
                    loading={busy === 'all'}
                    onClick={() => {
                      setBusy('all');
                      void signOut('/api/account/logout-all');
                    }}
                  >
                    <FormattedMessage id="account.page.logoutAll" />
                  </Button>
                </div>
              </section>
            </div>
          </AntdScope>
        </div>
      </div>
      <MyEntriesSection />
    </>
  );
}
