import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DashboardStats } from '../../../../common/console/api-types';
import { adminGet } from '../api';
import { Chart } from '../Chart';

/** The console's first page: the figures an organiser checks every morning, with charts. */
export function DashboardPage() {
  const intl = useIntl();
  const { data } = useQuery({ queryKey: ['admin', 'dashboard'], queryFn: ({ signal }) => adminGet<DashboardStats>('/api/admin/dashboard', signal) });
  const f = (id: string) => intl.formatMessage({ id });
  if (!data) return <Skeleton active />;
  const total = Object.values(data.entries.byStatus).reduce((a, b) => a + b, 0);
  const statusPie = Object.entries(data.entries.byStatus).map(([k, v]) => ({ name: f(`console.status.${k}`), value: v }));
  const groupPie = Object.entries(data.entries.byGroup).map(([k, v]) => ({ name: f(`group.${k}`), value: v }));
  const pie = (rows: { name: string; value: number }[]) => ({
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [{ type: 'pie', radius: ['40%', '68%'], data: rows }],
  });
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.menu.dashboard" />
      </Typography.Title>
      <Row gutter={[12, 12]}>
        {[
          ['console.dashboard.users', data.users.total],
          ['console.dashboard.verified', data.users.verified],
          ['console.dashboard.entries', total],
          ['console.dashboard.pending', data.entries.byStatus.pending ?? 0],
          ['console.dashboard.votes', data.votes.total],
          ['console.dashboard.votesToday', data.votes.today],
        ].map(([label, value]) => (
          <Col key={label} xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title={f(label as string)} value={value as number} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} xl={12}>
          <Card size="small" title={f('console.dashboard.perDay')}>
            <Chart
              label={f('console.dashboard.perDay')}
              option={{
                tooltip: { trigger: 'axis' },
                grid: { left: 32, right: 12, top: 16, bottom: 28 },
                xAxis: { type: 'category', data: data.entries.perDay.map((d) => d.day.slice(5)) },
                yAxis: { type: 'value', minInterval: 1 },
                series: [{ type: 'line', smooth: true, areaStyle: {}, data: data.entries.perDay.map((d) => d.count) }],
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={f('console.dashboard.top10')}>
            <Chart
              label={f('console.dashboard.top10')}
              option={{
                tooltip: { trigger: 'axis' },
                grid: { left: 140, right: 16, top: 8, bottom: 24 },
                xAxis: { type: 'value', minInterval: 1 },
                yAxis: { type: 'category', inverse: true, data: data.votes.top.map((e) => `${e.entryNo ?? '-'} ${e.title}`.slice(0, 18)) },
                series: [{ type: 'bar', data: data.votes.top.map((e) => e.votes) }],
              }}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title={f('console.dashboard.perHour')}>
            <Chart
              label={f('console.dashboard.perHour')}
              height={220}
              option={{
                tooltip: { trigger: 'axis' },
                grid: { left: 40, right: 12, top: 16, bottom: 28 },
                xAxis: { type: 'category', data: data.votes.perHour.map((h) => `${h.hour.slice(5, 10)} ${h.hour.slice(11)}:00`) },
                yAxis: { type: 'value', minInterval: 1 },
                series: [{ type: 'bar', data: data.votes.perHour.map((h) => h.count) }],
              }}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={f('console.dashboard.byStatus')}>
            <Chart label={f('console.dashboard.byStatus')} option={pie(statusPie)} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={f('console.dashboard.byGroup')}>
            <Chart label={f('console.dashboard.byGroup')} option={pie(groupPie)} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
