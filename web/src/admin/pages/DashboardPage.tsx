import { Card, Col, type ColProps, Row, Skeleton, Statistic, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DashboardStats } from '../../../../common/console/api-types';
import { useGroupNames } from '../../components/entry-form/use-group-names';
import { Chart } from '../Chart';
import { useDashboard } from '../queries/contest';
import { SetupChecklistCard } from './SetupChecklistCard';

const HALF: ColProps = { xs: 24, xl: 12 };

/** Counts over time: one category per day or hour along x, whole numbers up y. */
function overTime(type: 'line' | 'bar', labels: string[], counts: number[], left: number) {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left, right: 12, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type, ...(type === 'line' ? { smooth: true, areaStyle: {} } : {}), data: counts }],
  };
}

/** One chart in a titled card (the title also names the chart for screen readers); `span` sizes its grid column. */
function ChartCard({ title, span, height, option }: { title: string; span: ColProps; height?: number; option: Record<string, unknown> }) {
  return (
    <Col {...span}>
      <Card size="small" title={title}>
        <Chart label={title} height={height} option={option} />
      </Card>
    </Col>
  );
}

/** The console's first page: the figures an organiser checks every morning, with charts. */
export function DashboardPage() {
  const intl = useIntl();
  const { data } = useDashboard();
  const { nameOf } = useGroupNames();
  const f = (id: string) => intl.formatMessage({ id });
  if (!data) return <Skeleton active />;
  const total = Object.values(data.entries.byStatus).reduce((a, b) => a + b, 0);
  const statusPie = Object.entries(data.entries.byStatus).map(([k, v]) => ({ name: f(`console.status.${k}`), value: v }));
  const groupPie = Object.entries(data.entries.byGroup).map(([k, v]) => ({ name: nameOf(k), value: v }));
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
      <SetupChecklistCard />
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
        <ChartCard
          span={HALF}
          title={f('console.dashboard.perDay')}
          option={overTime(
            'line',
            data.entries.perDay.map((d) => d.day.slice(5)),
            data.entries.perDay.map((d) => d.count),
            32,
          )}
        />
        <ChartCard
          span={HALF}
          title={f('console.dashboard.top10')}
          option={{
            tooltip: { trigger: 'axis' },
            grid: { left: 140, right: 16, top: 8, bottom: 24 },
            xAxis: { type: 'value', minInterval: 1 },
            yAxis: { type: 'category', inverse: true, data: data.votes.top.map((e) => `${e.entryNo ?? '-'} ${e.title}`.slice(0, 18)) },
            series: [{ type: 'bar', data: data.votes.top.map((e) => e.votes) }],
          }}
        />
        <ChartCard
          span={{ xs: 24 }}
          title={f('console.dashboard.perHour')}
          height={220}
          option={overTime(
            'bar',
            data.votes.perHour.map((h) => `${h.hour.slice(5, 10)} ${h.hour.slice(11)}:00`),
            data.votes.perHour.map((h) => h.count),
            40,
          )}
        />
        <ChartCard span={{ xs: 24, md: 12 }} title={f('console.dashboard.byStatus')} option={pie(statusPie)} />
        <ChartCard span={{ xs: 24, md: 12 }} title={f('console.dashboard.byGroup')} option={pie(groupPie)} />
      </Row>
      <CleanupLine cleanup={data.cleanup} />
    </>
  );
}

/** What the hourly sweep of orphaned files last removed (services/cleanup on the server). */
function CleanupLine({ cleanup }: { cleanup: DashboardStats['cleanup'] }) {
  const intl = useIntl();
  if (!cleanup) {
    return (
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        <FormattedMessage id="console.dashboard.cleanupNone" />
      </Typography.Paragraph>
    );
  }
  const r = cleanup.removed;
  const values = {
    at: intl.formatDate(cleanup.at, { dateStyle: 'medium', timeStyle: 'short' }),
    count: Object.values(r).reduce((a, b) => a + b, 0),
    uploads: r.abandonedUploads + r.uploads,
    images: r.contentImages,
    videos: r.exhibitionVideos,
    renditions: r.renditions,
    other: r.workFolders,
  };
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
      <FormattedMessage id="console.dashboard.cleanup" values={values} />
    </Typography.Paragraph>
  );
}
