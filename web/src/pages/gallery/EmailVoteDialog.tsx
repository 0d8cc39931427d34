import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Code } from '../../../../common/errors';
import { voteCodeRequestSchema, voteCodeSchema } from '../../../../common/schemas/vote';
import { ApiError } from '../../api/api-error';
import { checkWith, showFieldErrors } from '../../api/form-errors';
import { request } from '../../api/request';
import { solvedChallenge } from '../../challenge/solve';
import { AntdScope } from '../../components/AntdScope';
import { PrivacyNote } from '../../components/PrivacyNote';
import { useVote } from './gallery-api';
import { reportVoteFailure } from './vote-feedback';

type Values = { email: string; code: string };
const emailOnly = voteCodeRequestSchema.pick({ email: true });

/**
 * E-mail voting: the visitor gives an address, a 6-digit code is mailed to it (the request carries a solved
 * challenge, solved when the button is pressed), and the vote goes with address and code. Refusals (a
 * throwaway domain, a wrong, expired or used code) land under their field.
 */
export function EmailVoteDialog({ entryId, onClose, onVoted }: { entryId: number; onClose: () => void; onVoted: (duplicate: boolean) => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<Values>();
  const vote = useVote(entryId);
  const [sentTo, setSentTo] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const input = checkWith(emailOnly, { email: form.getFieldValue('email') ?? '' }, form);
    if (!input) return;
    setSending(true);
    try {
      const altcha = await solvedChallenge('voteCode');
      await request('/api/gallery/vote-code', { method: 'POST', body: { email: input.email, altcha }, level: 'silent' });
      setSentTo(input.email);
    } catch (err) {
      if (!showFieldErrors(form, err)) reportVoteFailure(err, intl);
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: Values) => {
    const input = checkWith(voteCodeSchema, values, form);
    if (!input) return;
    try {
      await vote.mutateAsync(input);
      onVoted(false);
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.VoteDuplicate) onVoted(true);
      if (!showFieldErrors(form, err)) reportVoteFailure(err, intl);
    }
  };

  return (
    <AntdScope>
      <Modal
        open
        title={intl.formatMessage({ id: 'vote.email.title' })}
        okText={intl.formatMessage({ id: 'vote.email.vote' })}
        cancelText={intl.formatMessage({ id: 'vote.email.cancel' })}
        okButtonProps={{ disabled: !sentTo }}
        confirmLoading={vote.isPending}
        onCancel={onClose}
        onOk={() => form.submit()}
      >
        <p className="muted">
          <FormattedMessage id="vote.email.intro" />
        </p>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item name="email" label={intl.formatMessage({ id: 'vote.email.address' })}>
            <Input type="email" autoComplete="email" maxLength={254} />
          </Form.Item>
          <Button onClick={() => void send()} loading={sending} block>
            <FormattedMessage id={sentTo ? 'vote.email.resend' : 'vote.email.send'} />
          </Button>
          <p className="vote-code-sent" role="status">
            {sentTo && <FormattedMessage id="vote.email.sent" values={{ email: sentTo }} />}
          </p>
          <Form.Item name="code" label={intl.formatMessage({ id: 'vote.email.code' })}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} disabled={!sentTo} />
          </Form.Item>
          <PrivacyNote />
        </Form>
      </Modal>
    </AntdScope>
  );
}
