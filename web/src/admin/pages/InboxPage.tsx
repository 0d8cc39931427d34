import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Segmented, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  downloadContactsCsv,
  type HandledFilter,
  type InboxItem as Item,
  type InboxKind as Kind,
  markHandled,
  replyToContact,
  useInbox,
} from '../queries/inbox';
import { adminKeys } from '../queries/keys';
import { tablePagination } from '../table-pagination';

function InboxList({ kind }: { kind: Kind }) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [handled, setHandled] = useState<HandledFilter>('false');
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<Item | null>(null);
  const [reply, setReply] = useState('');
  const { data, isFetching } = useInbox(kind, handled, page);
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.inbox });
  const mark = async (item: Item, value: boolean) => {
    if (await markHandled(kind, item.id, value).catch(() => null)) void message.success(f('console.content.saved'));
    await refresh();
  };
  const send = async () => {
    if (!replying) return;
    if (
      await replyToContact(replying.id, reply).then(
        () => true,
        () => false,
      )
    ) {
      void message.success(f('console.inbox.replySent'));
      setReplying(null);
      setReply('');
    }
    await refresh();
  };
  const textColumns =
    kind === 'contact'
      ? [
          { title: f('console.inbox.name'), dataIndex: 'name', width: 120 },
          { title: f('console.inbox.email'), dataIndex: 'email', width: 200 },
          { title: f('console.inbox.content'), dataIndex: 'content' },
        ]
      : [
          { title: f('console.inbox.what'), dataIndex: 'what' },
          { title: f('console.inbox.happenedOn'), dataIndex: 'happenedOn', width: 110 },
          { title: f('console.inbox.contact'), dataIndex: 'contact', width: 160 },
        ];
  return (
    <>
      <div className="console-toolbar">
        <Segmented
          value={handled}
          onChange={(v) => {
            setHandled(v as typeof handled);
            setPage(1);
          }}
          options={[
            { value: 'false', label: f('console.inbox.open') },
            { value: 'true', label: f('console.inbox.handled') },
            { value: '', label: f('console.filter.all') },
          ]}
        />
      </div>
      <Table<Item>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 900 }}
        pagination={tablePagination(intl, { page, total: data?.total, onChange: setPage })}
        columns={[
          { title: f('console.votes.time'), dataIndex: 'createdAt', width: 170, render: (d: string) => new Date(d).toLocaleString(intl.locale) },
          ...textColumns,
          {
            title: f('console.field.status'),
            key: 'status',
            width: 90,
            render: (_, r) => <Tag color={r.handledAt ? 'green' : 'gold'}>{f(r.handledAt ? 'console.inbox.handled' : 'console.inbox.open')}</Tag>,
          },
          {
            title: f('console.entries.actions'),
            key: 'actions',
            width: 220,
            render: (_, r) => (
              <Space size={4} wrap>
                {kind === 'contact' && (
                  <Button size="small" type="primary" onClick={() => setReplying(r)}>
                    <FormattedMessage id="console.inbox.reply" />
                  </Button>
                )}
                <Button size="small" onClick={() => void mark(r, !r.handledAt)}>
                  <FormattedMessage id={r.handledAt ? 'console.inbox.markOpen' : 'console.inbox.markHandled'} />
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={replying !== null}
        title={f('console.inbox.reply')}
        okButtonProps={{ disabled: reply.trim() === '' }}
        okText={f('console.inbox.reply')}
        onOk={() => void send()}
        onCancel={() => setReplying(null)}
      >
        <Typography.Paragraph type="secondary">{replying?.content}</Typography.Paragraph>
        <label htmlFor="inbox-reply">
          <FormattedMessage id="console.inbox.content" />
        </label>
        <Input.TextArea id="inbox-reply" rows={5} maxLength={5000} value={reply} onChange={(e) => setReply(e.target.value)} />
      </Modal>
    </>
  );
}

/** Contact messages and shared scam reports: read, answer by e-mail, mark handled, export. */
export function InboxPage() {
  const intl = useIntl();
  return (
    <>
      <div className="console-title-row">
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          <FormattedMessage id="console.menu.inbox" />
        </Typography.Title>
        {/* Beside the title, not in the tab list: a tab list may hold only tabs (ARIA). */}
        <Button size="small" onClick={() => void downloadContactsCsv()}>
          <FormattedMessage id="console.inbox.export" />
        </Button>
      </div>
      <Tabs
        items={[
          { key: 'contact', label: intl.formatMessage({ id: 'console.inbox.contacts' }), children: <InboxList kind="contact" /> },
          { key: 'scamReport', label: intl.formatMessage({ id: 'console.inbox.reports' }), children: <InboxList kind="scamReport" /> },
        ]}
      />
    </>
  );
}
