import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Code } from '../../../../../common/errors';
import type { JuryEntryDetail } from '../../../../../common/jury/api-types';
import { COMMENT_MAX, SCORE_MAX, SCORE_MIN } from '../../../../../common/jury/schemas';
import { showFieldErrors } from '../../../api/form-errors';
import { errorText } from '../../../i18n/error-text';
import { type ScoreSheetValues, saveScoreSheet, setRecusal } from '../../queries/judging';
import { SubmitButton } from '../../SubmitButton';

type Values = ScoreSheetValues;

/**
 * One juror's sheet for one entry: a 1-10 score per criterion (its weight beside it), a private comment,
 * and recusal. Read-only once the judging phase has ended or while recused.
 */
export function ScoreSheet({ entry, onSaved }: { entry: JuryEntryDetail; onSaved: (next: JuryEntryDetail) => Promise<void> }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const readOnly = entry.locked || entry.recused;

  useEffect(() => {
    form.setFieldsValue({ scores: entry.scores, comment: entry.comment });
  }, [entry, form]);

  const save = async (values: Values) => {
    setBusy(true);
    try {
      const next = await saveScoreSheet(entry.id, values).catch((err: unknown) => {
        showFieldErrors(form, err);
        return null;
      });
      if (next) {
        void message.success(intl.formatMessage({ id: 'jury.sheet.saved' }));
        await onSaved(next);
      }
    } finally {
      setBusy(false);
    }
  };
  const recuse = async (recused: boolean) => {
    const next = await setRecusal(entry.id, recused).catch(() => null);
    if (next) await onSaved(next);
  };

  return (
    <Card size="small" title={intl.formatMessage({ id: 'jury.sheet.title' })}>
      {entry.criteria.length === 0 ? (
        <Typography.Text className="jury-muted">{errorText(Code.JuryNoCriteria)}</Typography.Text>
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={readOnly} requiredMark={false}>
          {entry.criteria.map((c) => (
            <Form.Item
              key={c.id}
              name={['scores', String(c.id)]}
              label={intl.formatMessage({ id: 'jury.sheet.criterion' }, { name: c.name, weight: c.weight })}
              rules={[{ required: true, type: 'integer', min: SCORE_MIN, max: SCORE_MAX, message: errorText(Code.JuryScoreRange) }]}
            >
              <InputNumber min={SCORE_MIN} max={SCORE_MAX} precision={0} style={{ width: 120 }} />
            </Form.Item>
          ))}
          <Form.Item name="comment" label={intl.formatMessage({ id: 'jury.sheet.comment' })}>
            <Input.TextArea rows={4} maxLength={COMMENT_MAX} />
          </Form.Item>
          <SubmitButton labelKey="jury.sheet.save" loading={busy} block />
        </Form>
      )}
      <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
        {entry.recused ? (
          <>
            <Typography.Text type="warning">{intl.formatMessage({ id: 'jury.sheet.recusedNote' })}</Typography.Text>
            <Button block disabled={entry.locked} onClick={() => void recuse(false)}>
              <FormattedMessage id="jury.sheet.unrecuse" />
            </Button>
          </>
        ) : (
          <Popconfirm title={intl.formatMessage({ id: 'jury.sheet.recuseConfirm' })} onConfirm={() => recuse(true)} disabled={entry.locked}>
            <Button block disabled={entry.locked} className="jury-recuse">
              <FormattedMessage id="jury.sheet.recuse" />
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Card>
  );
}
