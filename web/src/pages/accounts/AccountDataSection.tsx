import { Button, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { loginPasswordField } from '../../../../common/schemas/account';
import { showMessage } from '../../api/feedback';
import { clearAccessToken, request } from '../../api/request';
import { saveBlob } from '../../api/save-blob';
import { TitledSection } from '../../components/TitledSection';
import { useLocale } from '../../i18n/use-locale';
import { schemaRule, showSubmitError } from './form-rules';

/**
 * The person's rights over their data on the account page: download everything the site holds about the
 * account (JSON), or delete the account, confirmed with the password in a dialog that says what stays.
 */
export function AccountDataSection() {
  const intl = useIntl();
  const { link } = useLocale();
  const [form] = Form.useForm<{ password: string }>();
  const [exporting, setExporting] = useState(false);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      const blob = await request('/api/account/export', { as: 'blob', level: 'silent' });
      saveBlob(blob, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
      void showMessage('success', intl.formatMessage({ id: 'account.privacy.exported' }));
    } catch (err) {
      showSubmitError(err);
    } finally {
      setExporting(false);
    }
  };

  const remove = async (values: { password: string }) => {
    setDeleting(true);
    try {
      await request('/api/account/delete', { method: 'POST', body: values, level: 'silent' });
      clearAccessToken();
      void showMessage('success', intl.formatMessage({ id: 'account.privacy.deleted' }));
      // A full load (every cached personal query goes with the session), once the person could read the message.
      setTimeout(() => window.location.assign(link('/home')), 1500);
    } catch (err) {
      showSubmitError(err, form);
      setDeleting(false);
    }
  };

  return (
    <TitledSection className="auth-card account-card account-data" headingId="account-data" titleKey="account.privacy.title">
      <p className="muted">
        <FormattedMessage id="account.privacy.hint" values={{ a: (chunks: ReactNode[]) => <Link to={link('/privacy')}>{chunks}</Link> }} />
      </p>
      <div className="auth-actions">
        <Button loading={exporting} onClick={() => void download()} data-testid="account-export">
          <FormattedMessage id="account.privacy.export" />
        </Button>
        <Button danger onClick={() => setOpen(true)} data-testid="account-delete">
          <FormattedMessage id="account.privacy.delete" />
        </Button>
      </div>
      <Modal
        open={open}
        title={intl.formatMessage({ id: 'account.privacy.deleteTitle' })}
        okText={intl.formatMessage({ id: 'account.privacy.deleteConfirm' })}
        cancelText={intl.formatMessage({ id: 'account.privacy.cancel' })}
        okButtonProps={{ danger: true, 'data-testid': 'account-delete-confirm' }}
        confirmLoading={deleting}
        onOk={() => form.submit()}
        onCancel={() => {
          setOpen(false);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <p>
          <FormattedMessage id="account.privacy.deleteWarning" />
        </p>
        {/* Named, so its field ids do not collide with the password form's on the same page. */}
        <Form form={form} name="deleteAccount" layout="vertical" requiredMark={false} onFinish={(v) => void remove(v)}>
          <Form.Item name="password" label={intl.formatMessage({ id: 'account.privacy.password' })} rules={[schemaRule(loginPasswordField)]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </TitledSection>
  );
}
