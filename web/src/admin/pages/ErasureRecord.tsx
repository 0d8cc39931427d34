import { Table, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ErasureRecord as Erasure } from '../../../../common/privacy';
import { useErasures } from '../queries/users';
import { tablePagination } from '../table-pagination';

/** The record of erasures on the users page: which account, by whom (the person or an organiser), when, what went. */
export function ErasureRecord() {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const [page, setPage] = useState(1);
  const { data, isFetching } = useErasures(page);
  return (
    <section aria-labelledby="erasure-record" style={{ marginTop: 32 }}>
      <Typography.Title level={2} id="erasure-record" style={{ fontSize: 17 }}>
        <FormattedMessage id="console.erasures.title" />
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="console.erasures.hint" />
      </Typography.Paragraph>
      <Table<Erasure>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 720 }}
        pagination={tablePagination(intl, { page, total: data?.total, onChange: setPage })}
        data-testid="erasure-record"
        columns={[
          { title: f('console.erasures.account'), dataIndex: 'userId', width: 90, render: (id: number) => `#${id}` },
          { title: f('console.erasures.by'), key: 'by', width: 220, render: (_, e) => (e.by ? (e.by.email ?? `#${e.by.id}`) : f('console.erasures.self')) },
          { title: f('console.erasures.at'), dataIndex: 'at', width: 170, render: (d: string) => new Date(d).toLocaleString(intl.locale) },
          { title: f('console.erasures.what'), key: 'what', render: (_, e) => intl.formatMessage({ id: 'console.erasures.counts' }, e.counts) },
        ]}
      />
    </section>
  );
}
