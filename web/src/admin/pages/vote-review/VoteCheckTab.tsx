import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Progress, Space, Switch, Table, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { BURST_VOTES, type FraudIndex } from '../../../../../common/vote-check';
import { adminKeys } from '../../queries/keys';
import { publishTransparency, useFraudIndex, useVoteTransparency } from '../../queries/votes';

/** A shell command, the same in every language. */
const VERIFY_COMMAND = 'npm run votes:verify';

/** Share of risky votes above which an entry's bar turns red (the console's own eye, not a rule). */
const ALARM_SHARE = 0.3;

/**
 * The public record as the organiser sees it: the head of the vote chain (what `npm run votes:verify`
 * prints), the transparency page's switch (open once voting has closed), and each entry's fraud index: the
 * share of its risky votes, its bursts and the risk signals behind them, the riskiest first.
 */
export function VoteCheckTab() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const state = useVoteTransparency();
  const index = useFraudIndex();

  const publish = async (published: boolean) => {
    const r = await publishTransparency(published).catch(() => null);
    if (!r) return;
    void message.success(f(published ? 'console.voteCheck.published' : 'console.voteCheck.withdrawn'));
    qc.setQueryData(adminKeys.voteTransparency, r);
  };

  const s = state.data;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div className="vote-check-cards">
        <Card size="small" title={f('console.voteCheck.chainHead')} loading={state.isLoading}>
          {s?.chain ? (
            <>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 6 }}>
                <FormattedMessage id="console.voteCheck.chainMeta" values={{ batch: s.chain.batch, time: new Date(s.chain.at).toLocaleString(intl.locale) }} />
              </Typography.Paragraph>
              <Typography.Text code copyable className="vote-check-hash" data-testid="console-chain-head">
                {s.chain.hash}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13 }}>
                <FormattedMessage id="console.voteCheck.verifyHint" values={{ command: <code>{VERIFY_COMMAND}</code> }} />
              </Typography.Paragraph>
            </>
          ) : (
            <Typography.Text type="secondary">
              <FormattedMessage id="console.voteCheck.noVotes" />
            </Typography.Text>
          )}
        </Card>
        <Card size="small" title={f('console.voteCheck.transparency')} loading={state.isLoading}>
          <Space align="start">
            <Switch
              id="transparency-switch"
              checked={s?.published ?? false}
              disabled={!s || (!s.votingClosed && !s.published)}
              onChange={(on) => void publish(on)}
              aria-label={f('console.voteCheck.publish')}
            />
            <label htmlFor="transparency-switch">
              <FormattedMessage id="console.voteCheck.publish" />
            </label>
          </Space>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13 }}>
            <FormattedMessage id={s?.votingClosed ? 'console.voteCheck.publishHint' : 'console.voteCheck.publishAfterClose'} />
          </Typography.Paragraph>
        </Card>
      </div>
      <div>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          <FormattedMessage id="console.voteCheck.fraudIndex" />
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          <FormattedMessage id="console.voteCheck.fraudIndexHint" values={{ burst: BURST_VOTES }} />
        </Typography.Paragraph>
        <Table<FraudIndex>
          rowKey="entryId"
          size="small"
          loading={index.isFetching}
          dataSource={index.data ?? []}
          pagination={false}
          scroll={{ x: 760 }}
          data-testid="fraud-index"
          columns={[
            { title: f('console.entries.entryNo'), dataIndex: 'entryNo', width: 96 },
            { title: f('console.entries.title'), dataIndex: 'title', ellipsis: true },
            { title: f('console.votes.votes'), dataIndex: 'votes', width: 80, align: 'right' },
            {
              title: f('console.voteCheck.riskyShare'),
              key: 'share',
              width: 190,
              render: (_, r) =>
                r.votes === 0 ? (
                  '—'
                ) : (
                  <Progress
                    aria-label={`${f('console.voteCheck.riskyShare')}: ${r.title}`}
                    percent={Math.round(r.riskyShare * 100)}
                    size="small"
                    status={r.riskyShare >= ALARM_SHARE ? 'exception' : 'normal'}
                    format={(p) => `${p}% (${r.risky})`}
                  />
                ),
            },
            {
              title: f('console.voteCheck.bursts'),
              key: 'bursts',
              width: 120,
              render: (_, r) => (r.bursts === 0 ? '—' : f('console.voteCheck.burstsValue', { bursts: r.bursts, peak: r.peakMinute })),
            },
            {
              title: f('console.voteCheck.reasons'),
              key: 'reasons',
              render: (_, r) =>
                r.reasons.length === 0 ? (
                  '—'
                ) : (
                  <Space size={[4, 4]} wrap>
                    {r.reasons.map((x) => (
                      <Tag key={x.reason} color={x.reason === 'scriptAgent' || x.reason === 'headless' ? 'red' : 'orange'}>
                        {`${f(`console.voteCheck.reason.${x.reason}`)} · ${x.votes}`}
                      </Tag>
                    ))}
                  </Space>
                ),
            },
          ]}
        />
      </div>
    </Space>
  );
}
