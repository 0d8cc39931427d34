import { useQueryClient } from '@tanstack/react-query';
import { Divider, Form, Select, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { adminKeys } from '../../queries/keys';
import { useReviewActions, useVoteTimeline } from '../../queries/votes';
import { ReviewActions } from './ReviewActions';
import { bucketWindow } from './types';
import { VoteRuleForm } from './VoteRuleForm';
import { VoteTimeline } from './VoteTimeline';

type EntryOption = { id: number; entryNo: number | null; title: string; count: number };

/** Fraud review of one entry: its votes over time with the suspicious share, voiding by rule, and the review log. */
export function VoteReviewTab({ entries }: { entries: EntryOption[] }) {
  const intl = useIntl();
  const qc = useQueryClient();
  const [picked, setPicked] = useState<number | undefined>();
  const [period, setPeriod] = useState<[Date, Date] | undefined>();
  const entryId = picked ?? entries[0]?.id;
  // The first entry (most votes) is pinned once shown: a void must not switch the page to whichever leads then.
  useEffect(() => {
    if (picked === undefined && entries[0]) setPicked(entries[0].id);
  }, [picked, entries]);
  const entry = entries.find((e) => e.id === entryId);
  const name = (e: EntryOption) => `${e.entryNo ?? '—'} · ${e.title} (${e.count})`;

  const timeline = useVoteTimeline(entryId);
  const actions = useReviewActions(entryId);
  // Until a period is picked, a rule covers every vote the chart shows.
  const points = timeline.data?.points ?? [];
  const [firstAt, lastAt, bucket] = [points[0]?.at, points.at(-1)?.at, timeline.data?.bucket];
  const shown = useMemo<[Date, Date] | undefined>(
    () => (firstAt && lastAt && bucket ? [bucketWindow(firstAt, bucket)[0], bucketWindow(lastAt, bucket)[1]] : undefined),
    [firstAt, lastAt, bucket],
  );
  // A void or restore moves counts, the timeline's voided line and the log: everything about votes is refetched.
  const refresh = () => void qc.invalidateQueries({ queryKey: adminKeys.votes });

  if (entryId === undefined || !entry) return <Skeleton active />;
  return (
    <>
      <Form layout="vertical">
        <Form.Item label={intl.formatMessage({ id: 'console.votes.review.entry' })} htmlFor="review-entry">
          <Select
            id="review-entry"
            virtual={false}
            style={{ maxWidth: 480 }}
            value={entryId}
            options={entries.map((e) => ({ value: e.id, label: name(e) }))}
            onChange={(id: number) => {
              setPicked(id);
              setPeriod(undefined);
            }}
          />
        </Form.Item>
      </Form>
      {timeline.data ? <VoteTimeline entry={entry.title} data={timeline.data} onPick={setPeriod} /> : <Skeleton active />}
      <Divider />
      <VoteRuleForm entryId={entryId} period={period ?? shown} onDone={refresh} />
      <Divider />
      <ReviewActions actions={actions.data ?? []} onDone={refresh} />
    </>
  );
}
