import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminEntrySummary } from '../../../../common/console/api-types';
import { ENTRY_STATUSES } from '../../../../common/console/constants';
import type { EntryStatus } from '../../../../common/entry';
import { useCurrentUser } from '../../app/current-user';
import { useGroupNames } from '../../components/entry-form/use-group-names';
import { FilmStatusTag } from '../FilmStatusTag';
import { OutsideMeasureRow } from '../OutsideMeasureRow';
import { approveEntry, bulkEntries, downloadEntriesCsv, type EntryFilters, rejectEntry, useEntries } from '../queries/entries';
import { adminKeys } from '../queries/keys';
import { ToolbarSearch } from '../ToolbarSearch';
import { CONSOLE_PAGE_SIZE, tablePagination } from '../table-pagination';
import { EntryDrawer } from './EntryDrawer';

const STATUS_COLOUR: Record<EntryStatus, string | undefined> = {
  draft: undefined,
  pending: 'gold',
  changesRequested: 'orange',
  approved: 'green',
  rejected: 'red',
  withdrawn: undefined,
};

/** Entries review: filter, page, open one, approve / reject / award one or many, export what is shown. */
export function EntriesPage() {
  const intl = useIntl();
  const { access } = useCurrentUser();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { groups, nameOf } = useGroupNames();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [filters, setFilters] = useState<EntryFilters>({ status: 'pending', page: 1, pageSize: CONSOLE_PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [reason, setReason] = useState('');

  const { data, isFetching } = useEntries(filters);
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.all });

  const bulk = async (body: Record<string, unknown>) => {
    const ids = (body.ids as number[] | undefined) ?? selected;
    const r = await bulkEntries({ ...body, ids }).catch(() => null);
    if (r) {
      if (r.failed.length) void message.warning(f('console.entries.bulkResult', { done: r.done.length, failed: r.failed.length }));
      else void message.success(f('console.entries.bulkResult', { done: r.done.length, failed: 0 }));
      setSelected([]);
    }
    await refresh();
  };

  const approveOne = async (id: number) => {
    const e = await approveEntry(id).catch(() => null);
    if (e) void message.success(f('console.entries.approved', { entryNo: e.entryNo ?? '' }));
    await refresh();
  };

  const confirmReject = async () => {
    const ids = rejecting ?? [];
    if (ids.length === 1) {
      const r = await rejectEntry(ids[0] as number, reason).catch(() => null);
      if (!r) return;
      void (r.mailed ? message.success(f('console.entries.rejected')) : message.warning(f('console.entries.mailFailed')));
      await refresh();
    } else {
      await bulk({ action: 'reject', ids, reason });
    }
    setRejecting(null);
    setReason('');
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.menu.entries" />
      </Typography.Title>
      <div className="console-toolbar">
        <Select
          aria-label={f('console.filter.status')}
          style={{ width: 130 }}
          value={filters.status ?? ''}
          onChange={(v) => setFilters({ ...filters, status: v || undefined, page: 1 })}
          options={[{ value: '', label: f('console.filter.all') }, ...ENTRY_STATUSES.map((s) => ({ value: s, label: f(`console.status.${s}`) }))]}
        />
        <Select
          aria-label={f('console.filter.group')}
          style={{ width: 130 }}
          value={filters.group ?? ''}
          onChange={(v) => setFilters({ ...filters, group: v || undefined, page: 1 })}
          options={[{ value: '', label: f('console.filter.all') }, ...groups.map((g) => ({ value: g.key, label: g.name }))]}
        />
        <ToolbarSearch labelKey="console.filter.search" width={280} onSearch={(q) => setFilters({ ...filters, q: q || undefined, page: 1 })} />
        <Button onClick={() => void downloadEntriesCsv({ status: filters.status, group: filters.group, q: filters.q })}>
          <FormattedMessage id="console.entries.export" />
        </Button>
      </div>
      {selected.length > 0 && (
        <Space wrap className="console-toolbar">
          <Typography.Text>{f('console.entries.selected', { count: selected.length })}</Typography.Text>
          <Button type="primary" onClick={() => void bulk({ action: 'approve' })}>
            <FormattedMessage id="console.entries.bulkApprove" />
          </Button>
          <Button danger onClick={() => setRejecting(selected)}>
            <FormattedMessage id="console.entries.bulkReject" />
          </Button>
          {/* Awards are the organiser's; a reviewer approves and rejects. */}
          {access.consoleOrganiser && (
            <>
              <Button onClick={() => void bulk({ action: 'award', award: 'finalist' })}>
                <FormattedMessage id="console.entries.bulkFinalist" />
              </Button>
              <Button onClick={() => void bulk({ action: 'award', award: 'winner' })}>
                <FormattedMessage id="console.entries.bulkWinner" />
              </Button>
              <Button onClick={() => void bulk({ action: 'award', award: null })}>
                <FormattedMessage id="console.entries.bulkClearAward" />
              </Button>
            </>
          )}
        </Space>
      )}
      <Table<AdminEntrySummary>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        // As wide as its columns (the sticky Actions column then covers none of them); no scroll box while the
        // list is empty, since a scroll box with nothing focusable inside cannot be scrolled by keyboard, and
        // then no header either: alone it was wider than a phone (738 px at 390) and headed nothing.
        scroll={data?.items.length ? { x: 'max-content' } : undefined}
        showHeader={Boolean(data?.items.length)}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          columnTitle: (selectAll) => <OutsideMeasureRow>{selectAll}</OutsideMeasureRow>,
        }}
        pagination={tablePagination(intl, {
          page: filters.page,
          pageSize: filters.pageSize,
          total: data?.total,
          showSizeChanger: true,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        })}
        columns={[
          { title: f('console.entries.entryNo'), dataIndex: 'entryNo', width: 90 },
          {
            title: f('console.entries.title'),
            dataIndex: 'title',
            width: 240,
            // Both titles: the organiser checks the English one that English pages show.
            render: (title: string, e) => (
              <>
                <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => setOpen(e.id)}>
                  {title}
                </Button>
                {e.titleEn && (
                  <Typography.Text type="secondary" lang="en" style={{ display: 'block' }}>
                    {e.titleEn}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: f('console.entries.team'), dataIndex: 'team', width: 140 },
          { title: f('console.entries.group'), dataIndex: 'group', width: 90, render: (g: string) => nameOf(g) },
          {
            title: f('console.entries.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: EntryStatus) => <Tag color={STATUS_COLOUR[s]}>{f(`console.status.${s}`)}</Tag>,
          },
          {
            title: f('console.entries.film'),
            key: 'film',
            width: 110,
            render: (_: unknown, e) => <FilmStatusTag film={e.film} />,
          },
          { title: f('console.entries.award'), dataIndex: 'award', width: 80, render: (a: string | null) => (a ? f(`console.award.${a}`) : '') },
          { title: f('console.entries.votes'), dataIndex: 'voteCount', width: 70 },
          { title: f('console.entries.submitter'), dataIndex: 'submitterEmail', width: 200 },
          {
            title: f('console.entries.createdAt'),
            dataIndex: 'createdAt',
            width: 160,
            render: (d: string) => new Date(d).toLocaleString(intl.locale),
          },
          {
            title: f('console.entries.actions'),
            key: 'actions',
            fixed: 'right',
            width: 150,
            render: (_, e) => (
              <Space size={4}>
                {(e.status === 'pending' || e.status === 'changesRequested' || e.status === 'rejected') && (
                  <Button size="small" type="primary" onClick={() => void approveOne(e.id)}>
                    <FormattedMessage id="console.entries.approve" />
                  </Button>
                )}
                {(e.status === 'pending' || e.status === 'changesRequested' || e.status === 'approved') && (
                  <Button size="small" danger onClick={() => setRejecting([e.id])}>
                    <FormattedMessage id="console.entries.reject" />
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <EntryDrawer id={open} onClose={() => setOpen(null)} onReject={(ids) => setRejecting(ids)} />
      <Modal
        open={rejecting !== null}
        title={f('console.entries.rejectTitle')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
        okText={f('console.entries.reject')}
        onOk={() => void confirmReject()}
        onCancel={() => setRejecting(null)}
      >
        <label htmlFor="reject-reason">
          <FormattedMessage id="console.entries.rejectReason" />
        </label>
        <Input.TextArea id="reject-reason" rows={4} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </>
  );
}
