import { Button, DatePicker, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuditItem } from '../../../../common/console/audit';
import { type AuditFilter, downloadAuditCsv, useAuditLog } from '../queries/audit';
import { ToolbarSearch } from '../ToolbarSearch';
import { tablePagination } from '../table-pagination';

type Filter = AuditFilter;

/** A before/after value as text: a note as it is, anything else as indented JSON. */
const shown = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The audit log: every console write, entry reviews and vote voids; filter by who, action and dates; export as CSV. */
export function AuditLogPage() {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const [filter, setFilter] = useState<Filter>({ page: 1 });
  const { data, isFetching } = useAuditLog(filter);
  const setDates = (range: [Dayjs | null, Dayjs | null] | null) =>
    setFilter({ ...filter, from: range?.[0]?.startOf('day').toISOString(), to: range?.[1]?.endOf('day').toISOString(), page: 1 });
  const { page: _, ...exported } = filter;

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.audit.title" />
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="console.audit.intro" />
      </Typography.Paragraph>
      <div className="console-toolbar">
        <ToolbarSearch labelKey="console.audit.whoSearch" width={240} onSearch={(who) => setFilter({ ...filter, who: who || undefined, page: 1 })} />
        <Select
          showSearch
          aria-label={f('console.audit.action')}
          style={{ width: 300 }}
          value={filter.action ?? ''}
          onChange={(action: string) => setFilter({ ...filter, action: action || undefined, page: 1 })}
          options={[{ value: '', label: f('console.audit.anyAction') }, ...(data?.actions ?? []).map((a) => ({ value: a, label: a }))]}
        />
        <DatePicker.RangePicker
          aria-label={f('console.audit.dates')}
          placeholder={[f('console.audit.dates'), f('console.audit.dates')]}
          onChange={(range) => setDates(range as [Dayjs | null, Dayjs | null] | null)}
        />
        <Button onClick={() => void downloadAuditCsv(exported)}>
          <FormattedMessage id="console.audit.export" />
        </Button>
      </div>
      <Table<AuditItem>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 900 }}
        pagination={tablePagination(intl, { page: filter.page ?? 1, total: data?.total, onChange: (page) => setFilter({ ...filter, page }) })}
        expandable={{
          rowExpandable: (r) => r.before !== null || r.after !== null,
          expandedRowRender: (r) => (
            <div className="console-audit-change">
              <div>
                <Typography.Text strong>{f('console.audit.before')}</Typography.Text>
                <pre>{shown(r.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>{f('console.audit.after')}</Typography.Text>
                <pre>{shown(r.after)}</pre>
              </div>
            </div>
          ),
        }}
        columns={[
          { title: f('console.audit.at'), dataIndex: 'at', width: 180, render: (d: string) => new Date(d).toLocaleString(intl.locale) },
          {
            title: f('console.audit.who'),
            key: 'who',
            width: 220,
            render: (_, r) => r.actorEmail ?? f('console.audit.formerAccount'),
          },
          { title: f('console.audit.action'), dataIndex: 'action', render: (a: string) => <Typography.Text code>{a}</Typography.Text> },
          { title: f('console.audit.target'), dataIndex: 'target', width: 200 },
          { title: f('console.audit.ip'), dataIndex: 'ip', width: 140 },
        ]}
      />
    </>
  );
}
