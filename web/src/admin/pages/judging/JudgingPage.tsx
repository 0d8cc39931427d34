import { Alert, Card, Col, Empty, Progress, Row, Space, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { JudgingState, JuryEntryStatus } from '../../../../../common/jury/api-types';
import { useGroupNames } from '../../../components/entry-form/use-group-names';
import { entryNo } from '../../../pages/gallery/EntryCard';
import { useJudgingEntries, useJudgingState } from '../../queries/judging';

// Solid tags: white on these dark tones passes WCAG AA, antd's light presets do not.
const STATE_COLOURS: Record<JuryEntryStatus, string> = { todo: 'default', scored: '#237804', recused: '#ad4e00' };

export function EntryStateTag({ state }: { state: JuryEntryStatus }) {
  return (
    <Tag color={STATE_COLOURS[state]}>
      <FormattedMessage id={`jury.state.${state}`} />
    </Tag>
  );
}

/** The juror's progress, the phase's end, and a card per assigned entry (no vote counts anywhere). */
export function JudgingHeader({ state }: { state: JudgingState | undefined }) {
  const intl = useIntl();
  if (!state) return null;
  const { assigned, scored, recused } = state.progress;
  const toScore = assigned - recused;
  const date = (d: string) => new Date(d).toLocaleString(intl.locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', marginBottom: 16 }}>
      {state.locked ? (
        <Alert type="warning" showIcon title={intl.formatMessage({ id: 'jury.judging.locked' })} />
      ) : (
        state.judging && <Alert type="info" showIcon title={intl.formatMessage({ id: 'jury.judging.until' }, { end: date(state.judging.end) })} />
      )}
      <Card size="small">
        <Space wrap size="large" align="center">
          <Progress
            type="circle"
            size={64}
            percent={toScore > 0 ? Math.round((100 * scored) / toScore) : 0}
            aria-label={intl.formatMessage({ id: 'jury.judging.progress' }, { scored, total: toScore, recused })}
          />
          <Typography.Text data-testid="judging-progress">
            <FormattedMessage id="jury.judging.progress" values={{ scored, total: toScore, recused }} />
          </Typography.Text>
          {state.blind && <Tag color="purple">{intl.formatMessage({ id: 'jury.judging.blind' })}</Tag>}
        </Space>
      </Card>
    </Space>
  );
}

/** /admin/#/judging: the juror's home. */
export function JudgingPage() {
  const { nameOf } = useGroupNames();
  const intl = useIntl();
  const state = useJudgingState();
  const entries = useJudgingEntries();

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="jury.menu.judging" />
      </Typography.Title>
      <JudgingHeader state={state.data} />
      {entries.data && entries.data.length === 0 && <Empty description={intl.formatMessage({ id: 'jury.judging.none' })} />}
      <Row gutter={[16, 16]}>
        {entries.data?.map((e) => (
          <Col key={e.id} xs={24} sm={12} lg={8} xl={6}>
            <Link to={`/judging/${e.id}`} className="judging-card" data-testid="judging-entry">
              <Card
                hoverable
                size="small"
                cover={e.coverUrl ? <img src={e.coverUrl} alt="" loading="lazy" style={{ aspectRatio: '1 / 1', objectFit: 'cover' }} /> : undefined}
              >
                <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                  <Typography.Text className="jury-muted">
                    <FormattedMessage id="gallery.entryNo" values={{ no: entryNo(e.entryNo) }} />
                  </Typography.Text>
                  <Typography.Text strong ellipsis>
                    {e.title}
                  </Typography.Text>
                  {e.team && (
                    <Typography.Text className="jury-muted" ellipsis>
                      {e.team}
                    </Typography.Text>
                  )}
                  <Space size={4}>
                    <Tag>{nameOf(e.group)}</Tag>
                    <EntryStateTag state={e.state} />
                  </Space>
                </Space>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
