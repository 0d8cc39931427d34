import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { AdminUser } from '../../../../common/console/api-types';
import { adminKeys } from '../queries/keys';
import { eraseUser } from '../queries/users';

/**
 * "Erase personal data" for a person who asked and cannot do it themselves: the organiser types the person's
 * address to confirm (the server checks it too). The erasure is recorded with the organiser's name.
 */
export function EraseUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ email: string }>();
  const typed = Form.useWatch('email', form) ?? '';
  const [busy, setBusy] = useState(false);
  const matches = user !== null && typed.trim().toLowerCase() === user.email.toLowerCase();

  const erase = async () => {
    if (!user) return;
    setBusy(true);
    const done = await eraseUser(user.id, typed).catch(() => null);
    setBusy(false);
    if (!done) return;
    void message.success(f('console.users.erased'));
    await qc.invalidateQueries({ queryKey: adminKeys.users });
    await qc.invalidateQueries({ queryKey: adminKeys.erasures });
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={user !== null}
      title={user ? f('console.users.eraseTitle', { email: user.email }) : ''}
      okText={f('console.users.eraseConfirm')}
      okButtonProps={{ danger: true, disabled: !matches }}
      confirmLoading={busy}
      onOk={() => void erase()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={f('console.users.eraseWarning')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void erase()}>
        <Form.Item name="email" label={f('console.users.eraseType')}>
          <Input autoComplete="off" placeholder={user?.email} data-testid="erase-confirm-email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
