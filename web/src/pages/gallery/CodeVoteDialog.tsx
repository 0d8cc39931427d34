import { Button, Form, type FormInstance, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Code } from '../../../../common/errors';
import { voteCodeSchema } from '../../../../common/schemas/vote';
import { ApiError } from '../../api/api-error';
import { checkWith, showFieldErrors } from '../../api/form-errors';
import { request } from '../../api/request';
import { solvedChallenge } from '../../challenge/solve';
import { AntdScope } from '../../components/AntdScope';
import { PrivacyNote } from '../../components/PrivacyNote';
import { useVote } from './gallery-api';
import { reportVoteFailure } from './vote-feedback';

/** The message ids one channel's dialog shows (statically named where the channel is declared). */
export type CodeChannelTexts = { title: string; intro: string; send: string; resend: string; sent: string; code: string };

/**
 * How a voter proves an identity by a code: the identity's form items, how to read and check it from the
 * form (undefined, with its field's error shown, when it is not valid), where the code is asked for, and the
 * vote body's key for the identity.
 */
export type CodeChannel = {
  key: 'email' | 'phone';
  texts: CodeChannelTexts;
  identity: ReactNode;
  read: (form: FormInstance) => string | undefined;
  sendUrl: string;
};

const codeOnly = voteCodeSchema.pick({ code: true });

export type CodeVoteDialogProps = { entryId: number; onClose: () => void; onVoted: (duplicate: boolean) => void };

/**
 * Voting by a code: the visitor gives an address or a number, a 6-digit code is sent to it (the request
 * carries a solved challenge, solved when the button is pressed), and the vote goes with identity and code.
 * Refusals (a throwaway domain, a landline, a wrong, expired or used code) land under their field.
 */
export function CodeVoteDialog({ channel, entryId, onClose, onVoted }: CodeVoteDialogProps & { channel: CodeChannel }) {
  const intl = useIntl();
  const [form] = Form.useForm();
  const vote = useVote(entryId);
  const [sentTo, setSentTo] = useState<string>();
  const [sending, setSending] = useState(false);
  const { texts } = channel;

  const send = async () => {
    const identity = channel.read(form);
    if (!identity) return;
    setSending(true);
    try {
      const altcha = await solvedChallenge('voteCode');
      await request(channel.sendUrl, { method: 'POST', body: { [channel.key]: identity, altcha }, level: 'silent' });
      setSentTo(identity);
      // A refusal of what was typed before (a landline, a throwaway domain) no longer applies.
      form.setFields([{ name: channel.key, errors: [] }]);
    } catch (err) {
      if (!showFieldErrors(form, err)) reportVoteFailure(err, intl);
    } finally {
      setSending(false);
    }
  };

  const submit = async (code: string) => {
    if (!sentTo) return;
    const checked = checkWith(codeOnly, { code: code ?? '' }, form);
    if (!checked) return;
    try {
      await vote.mutateAsync(channel.key === 'email' ? { email: sentTo, code: checked.code } : { phone: sentTo, code: checked.code });
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
        title={intl.formatMessage({ id: texts.title })}
        okText={intl.formatMessage({ id: 'vote.email.vote' })}
        cancelText={intl.formatMessage({ id: 'vote.email.cancel' })}
        okButtonProps={{ disabled: !sentTo }}
        confirmLoading={vote.isPending}
        onCancel={onClose}
        onOk={() => form.submit()}
      >
        <p className="muted">
          <FormattedMessage id={texts.intro} />
        </p>
        <Form form={form} layout="vertical" onFinish={(v: { code: string }) => void submit(v.code)} requiredMark={false}>
          {channel.identity}
          <Button onClick={() => void send()} loading={sending} block>
            <FormattedMessage id={sentTo ? texts.resend : texts.send} />
          </Button>
          <p className="vote-code-sent" role="status">
            {sentTo && <FormattedMessage id={texts.sent} values={{ [channel.key]: sentTo }} />}
          </p>
          <Form.Item name="code" label={intl.formatMessage({ id: texts.code })}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} disabled={!sentTo} />
          </Form.Item>
          <PrivacyNote />
        </Form>
      </Modal>
    </AntdScope>
  );
}
