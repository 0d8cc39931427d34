import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminUser } from '../../../../common/console/api-types';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../../../../common/console/staff';
import { ERASED_EMAIL_DOMAIN } from '../../../../common/privacy';
import { useCurrentUser } from '../../app/current-user';
import { adminKeys } from '../queries/keys';
import { setUserDisabled, setUserRole, useUsers } from '../queries/users';
import { ToolbarSearch } from '../ToolbarSearch';
import { tablePagination } from '../table-pagination';
import { EraseUserDialog } from './EraseUserDialog';
import { ErasureRecord } from './ErasureRecord';

/** A role's name on this page; the stored 'admin' is the organiser. */
const roleLabel = (role: AdminUser['role']) => `console.users.${role === 'admin' ? 'organiser' : role}`;

/** Whether the account's personal data was erased (it keeps only a placeholder address). */
const isErased = (u: AdminUser) => u.email.endsWith(`@${ERASED_EMAIL_DOMAIN}`);

/** Accounts: find, disable (ends their sessions), give or take a staff role, erase personal data; the erasure record. */
export function UsersPage() {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { currentUser } = useCurrentUser();
  const [q, setQ] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [erasing, setErasing] = useState<AdminUser | null>(null);
  const { data, isFetching } = useUsers(q, page);
  const act = async (change: () => Promise<unknown>) => {
    if (await change().catch(() => null)) void message.success(f('console.content.saved'));
    await qc.invalidateQueries({ queryKey: adminKeys.users });
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.menu.users" />
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="console.users.roleHelp" />
      </Typography.Paragraph>
      <div className="console-toolbar">
        <ToolbarSearch
          labelKey="console.users.email"
          width={280}
          onSearch={(v) => {
            setQ(v || undefined);
            setPage(1);
          }}
        />
      </div>
      <Table<AdminUser>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 800 }}
        pagination={tablePagination(intl, { page, total: data?.total, onChange: setPage })}
        columns={[
          { title: f('console.users.email'), dataIndex: 'email' },
          {
            title: f('console.users.role'),
            dataIndex: 'role',
            width: 110,
            render: (r: AdminUser['role']) => <Tag color={r === 'user' ? undefined : 'blue'}>{f(roleLabel(r))}</Tag>,
          },
          {
            title: f('console.users.status'),
            key: 'status',
            width: 170,
            render: (_, u) => (
              <Space size={4}>
                {isErased(u) && <Tag color="default">{f('console.users.erasedAccount')}</Tag>}
                <Tag color={u.disabledAt ? 'red' : 'green'}>{f(u.disabledAt ? 'console.users.disabled' : 'console.users.active')}</Tag>
                <Tag>{f(u.verifiedAt ? 'console.users.verified' : 'console.users.unverified')}</Tag>
              </Space>
            ),
          },
          { title: f('console.users.entries'), dataIndex: 'entryCount', width: 80 },
          { title: f('console.users.createdAt'), dataIndex: 'createdAt', width: 170, render: (d: string) => new Date(d).toLocaleString(intl.locale) },
          {
            title: f('console.entries.actions'),
            key: 'actions',
            width: 320,
            render: (_, u) =>
              u.id === currentUser?.id || isErased(u) ? null : (
                <Space size={4} wrap>
                  {u.disabledAt ? (
                    <Button size="small" onClick={() => void act(() => setUserDisabled(u.id, false))}>
                      <FormattedMessage id="console.users.enable" />
                    </Button>
                  ) : (
                    <Popconfirm title={f('console.users.confirmDisable')} onConfirm={() => void act(() => setUserDisabled(u.id, true))}>
                      <Button size="small" danger>
                        <FormattedMessage id="console.users.disable" />
                      </Button>
                    </Popconfirm>
                  )}
                  {u.role !== 'juror' && (
                    <Select<AssignableRole>
                      size="small"
                      style={{ width: 120 }}
                      aria-label={intl.formatMessage({ id: 'console.users.changeRole' }, { email: u.email })}
                      value={u.role}
                      onChange={(role) => void act(() => setUserRole(u.id, role))}
                      options={ASSIGNABLE_ROLES.map((r) => ({ value: r, label: f(roleLabel(r)) }))}
                    />
                  )}
                  {u.role === 'user' && (
                    <Button size="small" danger onClick={() => setErasing(u)} data-testid={`erase-${u.id}`}>
                      <FormattedMessage id="console.users.erase" />
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <EraseUserDialog user={erasing} onClose={() => setErasing(null)} />
      <ErasureRecord />
    </>
  );
}
