import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { adminKeys } from '../queries/keys';
import {
  AUDIT_PAGE_SIZE,
  downloadVotesCsv,
  useSuspiciousVotes,
  useVoteAudit,
  useVoteTotals,
  type VoteAuditFilter,
  type VoteAuditRow,
  type VoteTotal,
  voidVote,
} from '../queries/votes';
import { ToolbarSearch } from '../ToolbarSearch';
import { tablePagination } from '../table-pagination';
import { VoteCheckTab } from './vote-review/VoteCheckTab';
import { VoteReviewTab } from './vote-review/VoteReviewTab';

/** "Are these votes real?": totals, the audit log, the suspicious patterns, voiding a vote, and the fraud review by rule. */
export function VotesPage() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<VoteAuditFilter>({ page: 1 });
  const [voiding, setVoiding] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const time = (d: string) => new Date(d).toLocaleString(intl.locale);

  const totals = useVoteTotals();
  const audit = useVoteAudit(filter);
  const sus = useSuspiciousVotes();

  const confirmVoid = async () => {
    if (voiding === null) return;
    const r = await voidVote(voiding, reason).catch(() => null);
    if (!r) return;
    void message.success(f('console.votes.voidDone', { count: r.count }));
    setVoiding(null);
    setReason('');
    await qc.invalidateQueries({ queryKey: adminKeys.votes });
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.menu.votes" />
      </Typography.Title>
      <Tabs
        items={[
          {
            key: 'audit',
            label: f('console.votes.audit'),
            children: (
              <>
                <div className="console-toolbar">
                  <ToolbarSearch labelKey="console.votes.ip" width={200} onSearch={(ip) => setFilter({ ...filter, ip: ip || undefined, page: 1 })} />
                  <ToolbarSearch
                    labelKey="console.votes.entryId"
                    width={160}
                    onSearch={(v) => setFilter({ ...filter, entryId: Number(v) > 0 ? Number(v) : undefined, page: 1 })}
                  />
                  <Button onClick={() => void downloadVotesCsv(filter)}>
                    <FormattedMessage id="console.votes.export" />
                  </Button>
                </div>
                <Table<VoteAuditRow>
                  rowKey="id"
                  size="small"
                  loading={audit.isFetching}
                  dataSource={audit.data?.items ?? []}
                  scroll={{ x: 760 }}
                  pagination={tablePagination(intl, {
                    page: filter.page,
                    pageSize: AUDIT_PAGE_SIZE,
                    total: audit.data?.total,
                    showSizeChanger: false,
                    onChange: (page) => setFilter({ ...filter, page }),
                  })}
                  columns={[
                    { title: f('console.votes.time'), dataIndex: 'createdAt', width: 170, render: time },
                    { title: f('console.votes.entryId'), dataIndex: 'entryId', width: 90 },
                    { title: f('console.votes.ip'), dataIndex: 'ip', width: 150 },
                    { title: f('console.votes.voter'), dataIndex: 'voterKey', ellipsis: true },
                    {
                      title: f('console.votes.outcome'),
                      dataIndex: 'outcome',
                      width: 100,
                      render: (o: string) => <Tag color={o === 'counted' ? 'green' : undefined}>{o}</Tag>,
                    },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'suspicious',
            label: f('console.votes.suspicious'),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Title level={2} style={{ fontSize: 16 }}>
                  <FormattedMessage id="console.votes.busy" />
                </Typography.Title>
                <Table
                  rowKey="ip"
                  size="small"
                  pagination={false}
                  dataSource={sus.data?.addresses ?? []}
                  columns={[
                    { title: f('console.votes.ip'), dataIndex: 'ip' },
                    { title: f('console.votes.votes'), dataIndex: 'votes', width: 90 },
                    { title: f('console.votes.voters'), dataIndex: 'voters', width: 110 },
                    { title: f('console.votes.time'), key: 't', render: (_, r) => `${time(r.firstAt)} – ${time(r.lastAt)}` },
                    {
                      title: f('console.entries.actions'),
                      key: 'a',
                      width: 100,
                      render: (_, r) => (
                        <Button size="small" onClick={() => setFilter({ ip: r.ip, page: 1 })}>
                          <FormattedMessage id="console.votes.audit" />
                        </Button>
                      ),
                    },
                  ]}
                />
                <Typography.Title level={2} style={{ fontSize: 16 }}>
                  <FormattedMessage id="console.votes.rapid" />
                </Typography.Title>
                <Table
                  rowKey={(r) => `${r.ip}-${r.firstAt}`}
                  size="small"
                  pagination={false}
                  dataSource={sus.data?.rapid ?? []}
                  columns={[
                    { title: f('console.votes.ip'), dataIndex: 'ip', width: 150 },
                    { title: f('console.votes.time'), key: 't', width: 300, render: (_, r) => `${time(r.firstAt)} – ${time(r.lastAt)}` },
                    {
                      title: f('console.votes.voteIds'),
                      key: 'ids',
                      render: (_, r) => (
                        <Space size={4} wrap>
                          {r.voteIds.map((id) => (
                            <Button key={id} size="small" danger onClick={() => setVoiding(id)}>
                              {`${f('console.votes.void')} #${id}`}
                            </Button>
                          ))}
                        </Space>
                      ),
                    },
                  ]}
                />
              </Space>
            ),
          },
          {
            key: 'review',
            label: f('console.votes.review'),
            children: <VoteReviewTab entries={totals.data ?? []} />,
          },
          {
            key: 'check',
            label: f('console.voteCheck.tab'),
            children: <VoteCheckTab />,
          },
          {
            key: 'totals',
            label: f('console.votes.totals'),
            children: (
              <Table<VoteTotal>
                rowKey="id"
                size="small"
                loading={totals.isFetching}
                dataSource={totals.data ?? []}
                columns={[
                  { title: f('console.entries.entryNo'), dataIndex: 'entryNo', width: 90 },
                  { title: f('console.entries.title'), dataIndex: 'title' },
                  { title: f('console.votes.count'), dataIndex: 'count', width: 90 },
                  { title: f('console.votes.rows'), dataIndex: 'voteRows', width: 100 },
                  { title: f('console.votes.voided'), dataIndex: 'voided', width: 90 },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal
        open={voiding !== null}
        title={`${f('console.votes.void')} #${voiding ?? ''}`}
        okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
        okText={f('console.votes.void')}
        onOk={() => void confirmVoid()}
        onCancel={() => setVoiding(null)}
      >
        <label htmlFor="void-reason">
          <FormattedMessage id="console.votes.voidReason" />
        </label>
        <Input.TextArea id="void-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </>
  );
}
