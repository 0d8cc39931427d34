import { App, Button, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type ReviewAction, type ReviewResult, restoreReviewAction } from '../../queries/votes';
import { ReviewSection } from './ReviewSection';

/** The review log of an entry (who voided or restored what, when, why, how many), with a restore per void. */
export function ReviewActions({ actions, onDone }: { actions: ReviewAction[]; onDone: (r: ReviewResult) => void }) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const [restoring, setRestoring] = useState<ReviewAction | null>(null);
  const [reason, setReason] = useState('');
  const time = (d: string) => new Date(d).toLocaleString(intl.locale);
  const ruleText = (a: ReviewAction) => {
    if (a.rule.actionId) return f('console.votes.review.ofAction', { id: a.rule.actionId });
    const parts = [a.rule.cidr ?? f('console.votes.review.anyAddress'), `${time(a.rule.from ?? '')} – ${time(a.rule.to ?? '')}`];
    if (a.rule.minRisk) parts.push(`≥ ${a.rule.minRisk}`);
    return parts.join(' · ');
  };

  const restore = async () => {
    if (!restoring) return;
    const r = await restoreReviewAction(restoring.id, reason).catch(() => null);
    if (!r) return;
    void message.success(f('console.votes.review.restored', { count: r.count, entryCount: r.entryCount }));
    setRestoring(null);
    setReason('');
    onDone(r);
  };

  return (
    <ReviewSection id="review-log-title" titleKey="console.votes.review.actions">
      <Table<ReviewAction>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={actions}
        scroll={{ x: 900 }}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          { title: f('console.votes.time'), dataIndex: 'createdAt', width: 170, render: time },
          {
            title: f('console.votes.outcome'),
            dataIndex: 'kind',
            width: 90,
            render: (k: string) => <Tag color={k === 'void' ? 'red' : 'green'}>{f(`console.votes.review.kind.${k}`)}</Tag>,
          },
          { title: f('console.votes.review.ruleText'), key: 'rule', render: (_, a) => ruleText(a) },
          { title: f('console.votes.review.total'), dataIndex: 'count', width: 80 },
          { title: f('console.votes.review.reason'), dataIndex: 'reason', ellipsis: true },
          { title: f('console.votes.review.by'), dataIndex: 'admin', width: 180, ellipsis: true },
          {
            title: f('console.entries.actions'),
            key: 'a',
            width: 100,
            render: (_, a) =>
              a.kind === 'void' && a.count > 0 ? (
                <Button size="small" onClick={() => setRestoring(a)}>
                  <FormattedMessage id="console.votes.review.restore" />
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={restoring !== null}
        title={restoring ? f('console.votes.review.restoreTitle', { id: restoring.id, count: restoring.count }) : ''}
        okButtonProps={{ disabled: reason.trim() === '' }}
        okText={f('console.votes.review.restore')}
        onOk={() => void restore()}
        onCancel={() => setRestoring(null)}
      >
        <label htmlFor="restore-reason">
          <FormattedMessage id="console.votes.review.restoreReason" />
        </label>
        <Input.TextArea id="restore-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </ReviewSection>
  );
}
