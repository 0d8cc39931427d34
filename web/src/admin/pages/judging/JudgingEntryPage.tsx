import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Grid, Row, Space, Spin, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { JuryEntryDetail } from '../../../../../common/jury/api-types';
import { AnswerList } from '../../../components/entry-form/AnswerList';
import { useGroupNames } from '../../../components/entry-form/use-group-names';
import { HlsVideo } from '../../../components/media/HlsVideo';
import { entryNo } from '../../../pages/gallery/EntryCard';
import { useJudgingEntry } from '../../queries/judging';
import { judgingKeys } from '../../queries/keys';
import { EntryStateTag } from './JudgingPage';
import { ScoreSheet } from './ScoreSheet';

/** /admin/#/judging/:id: the film and the entry's texts beside the juror's score sheet. */
export function JudgingEntryPage() {
  const intl = useIntl();
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const screens = Grid.useBreakpoint();
  const { nameOf } = useGroupNames();
  const entry = useJudgingEntry(id);
  const onSaved = async (next: JuryEntryDetail) => {
    qc.setQueryData(judgingKeys.entry(id), next);
    await qc.invalidateQueries({ queryKey: judgingKeys.state });
    await qc.invalidateQueries({ queryKey: judgingKeys.entries });
  };

  const back = (
    <Link to="/judging">
      <ArrowLeftOutlined /> <FormattedMessage id="jury.judging.back" />
    </Link>
  );
  if (entry.isPending) return <Spin />;
  if (entry.isError) return back;
  const e = entry.data;
  const film = e.film.hls || e.film.mp4;
  // Only the answers the organiser shows jurors: the server leaves the others out.
  const answers = e.answers;

  return (
    <>
      {back}
      <Typography.Title level={1} style={{ fontSize: 20, margin: '12px 0' }}>
        {e.title}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Tag>
          <FormattedMessage id="gallery.entryNo" values={{ no: entryNo(e.entryNo) }} />
        </Tag>
        <Tag>{nameOf(e.group)}</Tag>
        <EntryStateTag state={e.state} />
      </Space>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card size="small">
            {film ? (
              <HlsVideo hls={e.film.hls} mp4={e.film.mp4} poster={e.film.poster} title={e.title} />
            ) : (
              <Empty description={intl.formatMessage({ id: 'console.detail.noVideo' })} />
            )}
          </Card>
          <Descriptions column={1} size="small" style={{ marginTop: 16 }} bordered layout={screens.md ? 'horizontal' : 'vertical'}>
            <Descriptions.Item label={intl.formatMessage({ id: 'jury.entry.slogan' })}>{e.slogan}</Descriptions.Item>
            <Descriptions.Item label={intl.formatMessage({ id: 'jury.entry.description' })}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{e.description}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={intl.formatMessage({ id: 'jury.entry.team' })}>
              {e.team === null ? (
                <Typography.Text className="jury-muted">{intl.formatMessage({ id: 'jury.entry.hidden' })}</Typography.Text>
              ) : (
                <Space align="start">
                  {e.teamLogoUrl && <img src={e.teamLogoUrl} alt="" width={48} height={48} style={{ borderRadius: 8 }} />}
                  <span>
                    <strong>{e.team}</strong>
                    <Typography.Paragraph className="jury-muted" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                      {e.teamDesc}
                    </Typography.Paragraph>
                  </span>
                </Space>
              )}
            </Descriptions.Item>
          </Descriptions>
          {answers.length > 0 && (
            <section aria-labelledby="juror-answers" style={{ marginTop: 16 }}>
              <Typography.Title level={2} id="juror-answers" style={{ fontSize: 16 }}>
                <FormattedMessage id="entryForm.view.answers" />
              </Typography.Title>
              <AnswerList answers={answers} testId="juror-answers-list" />
            </section>
          )}
        </Col>
        <Col xs={24} lg={10}>
          <ScoreSheet entry={e} onSaved={onSaved} />
        </Col>
      </Row>
      <div style={{ marginTop: 16 }}>{back}</div>
    </>
  );
}
