import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EntryGroup } from '../../../../../common/constants';
import type { RankingRow } from '../../../../../common/jury/api-types';
import { useGroupNames } from '../../../components/entry-form/use-group-names';
import { awardEntry, downloadRankingCsv, downloadScoresCsv, setResultsPublished, useAwards, useRanking, useResultsState } from '../../queries/jury';
import { adminKeys } from '../../queries/keys';
import { nameIn } from './NameFields';

const MAIL_PROGRESS_EVERY_MS = 3000;

const fixed = (x: number | null, digits = 2) => (x === null ? '—' : x.toFixed(digits));

/** The ranking per group (ties flagged), awards given, publishing and the exports. */
export function ResultsTab() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [group, setGroup] = useState<EntryGroup>('open');
  const { groups } = useGroupNames();
  const ranking = useRanking(group);
  const awards = useAwards();
  // While results mails are going out (in the background, server-side), the count is followed.
  const state = useResultsState(MAIL_PROGRESS_EVERY_MS);

  const assign = async (entryId: number, awardId: number | null) => {
    const done = await awardEntry(entryId, awardId).then(
      () => true,
      () => false,
    );
    if (done) await qc.invalidateQueries({ queryKey: adminKeys.jury.ranking });
  };
  const publish = async (action: 'publish' | 'unpublish') => {
    const next = await setResultsPublished(action).catch(() => null);
    if (!next) return;
    qc.setQueryData(adminKeys.jury.results, next);
    void message.success(f(action === 'publish' ? 'jury.results.publishedNow' : 'jury.results.unpublishedNow', { toMail: next.toMail }));
  };

  const published = state.data?.publishedAt;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          {published ? (
            <Tag color="green" data-testid="results-state">
              {f('jury.results.publishedAt', { at: new Date(published).toLocaleString(intl.locale) })}
            </Tag>
          ) : (
            <Tag data-testid="results-state">{f('jury.results.notPublished')}</Tag>
          )}
          {state.data && (state.data.toMail > 0 || state.data.mailed > 0) && (
            <Tag color={state.data.toMail > 0 ? 'blue' : 'default'} data-testid="results-mails">
              {state.data.toMail > 0
                ? f('jury.results.mailProgress', { mailed: state.data.mailed, toMail: state.data.toMail })
                : f('jury.results.mailDone', { mailed: state.data.mailed })}
            </Tag>
          )}
          <Popconfirm title={f('jury.results.publishConfirm')} onConfirm={() => publish('publish')}>
            <Button type="primary">
              <FormattedMessage id={published ? 'jury.results.republish' : 'jury.results.publish'} />
            </Button>
          </Popconfirm>
          {published && (
            <Button onClick={() => void publish('unpublish')}>
              <FormattedMessage id="jury.results.unpublish" />
            </Button>
          )}
          <Button onClick={() => void downloadScoresCsv()}>
            <FormattedMessage id="jury.results.exportScores" />
          </Button>
          <Button onClick={() => void downloadRankingCsv()}>
            <FormattedMessage id="jury.results.exportRanking" />
          </Button>
        </Space>
      </Card>
      <Segmented<EntryGroup> value={group} onChange={setGroup} options={groups.map((g) => ({ value: g.key, label: g.name }))} />
      {ranking.data && (
        <Typography.Text className="jury-muted">
          <FormattedMessage id="jury.results.method" values={{ jury: ranking.data.weights.jury, public: ranking.data.weights.public }} />
        </Typography.Text>
      )}
      {ranking.data?.rows.some((r) => r.tied) && <Alert type="warning" showIcon title={f('jury.results.ties')} />}
      <Table<RankingRow>
        rowKey="entryId"
        size="small"
        loading={ranking.isFetching}
        dataSource={ranking.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 980 }}
        columns={[
          {
            title: f('jury.csv.rank'),
            render: (_: unknown, r) => (
              <Space size={4}>
                <strong>{r.rank}</strong>
                {r.tied && <Tag color="orange">{f('jury.csv.tied')}</Tag>}
              </Space>
            ),
          },
          { title: f('console.csv.title'), dataIndex: 'title' },
          { title: f('console.csv.team'), dataIndex: 'team' },
          { title: f('jury.csv.juryAverage'), render: (_: unknown, r) => fixed(r.juryAverage) },
          { title: f('jury.csv.jurors'), dataIndex: 'jurorCount' },
          { title: f('jury.csv.juryScore'), render: (_: unknown, r) => fixed(r.jury, 1) },
          { title: f('console.csv.votes'), render: (_: unknown, r) => `${r.votes} (${(r.voteShare * 100).toFixed(1)}%)` },
          { title: f('jury.csv.final'), render: (_: unknown, r) => <strong>{fixed(r.final, 1)}</strong> },
          {
            title: f('jury.csv.award'),
            render: (_: unknown, r) => (
              <Select
                allowClear
                size="small"
                style={{ width: 160 }}
                aria-label={f('jury.results.awardFor', { title: r.title })}
                placeholder={f('jury.results.noAward')}
                value={r.award?.id ?? null}
                onChange={(v: number | undefined) => void assign(r.entryId, v ?? null)}
                options={(awards.data ?? []).map((a) => ({ value: a.id, label: nameIn(a.i18n, intl.locale) }))}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
