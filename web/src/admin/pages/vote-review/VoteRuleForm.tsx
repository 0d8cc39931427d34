import { App, Button, DatePicker, Form, Input, InputNumber, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { showFieldErrors } from '../../../api/form-errors';
import { previewVoteRule, type ReviewResult, voidByRule } from '../../queries/votes';
import { ReviewSection } from './ReviewSection';

type Values = { cidr?: string; window?: [Dayjs, Dayjs]; minRisk?: number | null; reason?: string };
/** The server names the window's ends; the form has one field for both. */
const RENAME = { from: 'window', to: 'window' };

/**
 * Voiding by rule in two steps: the preview says how many votes match, and only then can they be voided
 * (any change to the rule asks for a new preview, so the count the organiser confirms is the one voided).
 */
export function VoteRuleForm({ entryId, period, onDone }: { entryId: number; period?: [Date, Date]; onDone: (r: ReviewResult) => void }) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [matches, setMatches] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (period) form.setFieldsValue({ window: [dayjs(period[0]), dayjs(period[1])] });
    setMatches(null);
  }, [period, form]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new entry starts a new rule
  useEffect(() => setMatches(null), [entryId]);

  const rule = () => {
    const v = form.getFieldsValue();
    return {
      entryId,
      from: v.window?.[0]?.toISOString(),
      to: v.window?.[1]?.toISOString(),
      cidr: v.cidr?.trim() || undefined,
      minRisk: v.minRisk ?? undefined,
    };
  };
  const send = async <T,>(call: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    try {
      return await call();
    } catch (err) {
      showFieldErrors(form, err, { rename: RENAME });
      return null;
    } finally {
      setBusy(false);
    }
  };
  const preview = async () => {
    const r = await send(() => previewVoteRule(rule()));
    if (r) setMatches(r.count);
  };
  const confirm = async () => {
    const r = await send<ReviewResult>(() => voidByRule(rule(), form.getFieldValue('reason') ?? ''));
    if (!r) return;
    void message.success(f('console.votes.review.voided', { count: r.count, entryCount: r.entryCount }));
    setMatches(null);
    form.setFieldValue('reason', '');
    onDone(r);
  };

  return (
    <ReviewSection id="void-rule-title" titleKey="console.votes.review.rule">
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="console.votes.review.ruleHelp" />
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onValuesChange={() => setMatches(null)} style={{ maxWidth: 980 }}>
        <Space wrap align="start" size={16}>
          <Form.Item name="cidr" label={f('console.votes.review.cidr')} style={{ width: 220 }}>
            <Input placeholder="203.0.113.0/24" allowClear />
          </Form.Item>
          <Form.Item name="window" label={f('console.votes.review.window')}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="minRisk" label={f('console.votes.review.minRisk')} style={{ width: 180 }}>
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Space>
        <Form.Item name="reason" label={f('console.votes.review.reason')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Space wrap>
          <Button onClick={() => void preview()} loading={busy && matches === null}>
            <FormattedMessage id="console.votes.review.preview" />
          </Button>
          {matches !== null && (
            <>
              <Typography.Text strong role="status">
                {f('console.votes.review.matches', { count: matches })}
              </Typography.Text>
              <Button danger type="primary" disabled={matches === 0} loading={busy} onClick={() => void confirm()}>
                {f('console.votes.review.voidCount', { count: matches })}
              </Button>
            </>
          )}
        </Space>
      </Form>
    </ReviewSection>
  );
}
