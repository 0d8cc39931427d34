import { Button, Table, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Chart } from '../../Chart';
import type { Timeline, TimelinePoint } from '../../queries/votes';
import { bucketWindow } from './types';

/**
 * An entry's votes over time as stacked bars (ordinary and suspicious) with the voided ones as a line; the
 * same figures as a table below (the chart's text alternative), where a period can be picked as a rule's window.
 */
export function VoteTimeline({ entry, data, onPick }: { entry: string; data: Timeline; onPick: (window: [Date, Date]) => void }) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const label = (p: TimelinePoint) => {
    const [start] = bucketWindow(p.at, data.bucket);
    return data.bucket === 'day' ? intl.formatDate(start) : intl.formatTime(start, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  };
  const share = (suspicious: number, total: number) => intl.formatNumber(total ? suspicious / total : 0, { style: 'percent', maximumFractionDigits: 1 });
  const sum = (k: 'total' | 'suspicious' | 'voided') => data.points.reduce((n, p) => n + p[k], 0);
  const title = f('console.votes.review.chart', { entry, bucket: f(`console.votes.review.bucket.${data.bucket}`) });
  const summary = f('console.votes.review.summary', {
    total: sum('total'),
    suspicious: sum('suspicious'),
    share: share(sum('suspicious'), sum('total')),
    voided: sum('voided'),
  });
  if (data.points.length === 0) return <Typography.Paragraph type="secondary">{f('console.votes.review.noVotes')}</Typography.Paragraph>;
  const labels = data.points.map(label);
  const option = {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 12, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: f('console.votes.review.ordinary'), type: 'bar', stack: 'v', color: '#4a7bd0', data: data.points.map((p) => p.total - p.suspicious) },
      {
        name: f('console.votes.review.suspiciousVotes', { risk: data.suspiciousRisk }),
        type: 'bar',
        stack: 'v',
        color: '#d4380d',
        data: data.points.map((p) => p.suspicious),
      },
      { name: f('console.votes.review.voidedVotes'), type: 'line', color: '#595959', data: data.points.map((p) => p.voided) },
    ],
  };
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph data-testid="timeline-summary">{summary}</Typography.Paragraph>
      <Chart label={`${title}. ${summary}`} option={option} height={280} />
      <Table<TimelinePoint>
        rowKey="at"
        size="small"
        pagination={data.points.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        dataSource={data.points}
        columns={[
          { title: f('console.votes.review.period'), dataIndex: 'at', render: (_, p) => label(p) },
          { title: f('console.votes.review.total'), dataIndex: 'total', width: 90 },
          { title: f('console.votes.review.suspiciousVotes', { risk: data.suspiciousRisk }), dataIndex: 'suspicious', width: 170 },
          { title: f('console.votes.review.share'), key: 'share', width: 120, render: (_, p) => share(p.suspicious, p.total) },
          { title: f('console.votes.review.voidedVotes'), dataIndex: 'voided', width: 90 },
          {
            title: f('console.entries.actions'),
            key: 'pick',
            width: 130,
            render: (_, p) => (
              <Button size="small" onClick={() => onPick(bucketWindow(p.at, data.bucket))}>
                <FormattedMessage id="console.votes.review.useWindow" />
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
