import { Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { voteCodeRequestSchema } from '../../../../common/schemas/vote';
import { checkWith } from '../../api/form-errors';
import { type CodeChannel, CodeVoteDialog, type CodeVoteDialogProps } from './CodeVoteDialog';

const emailOnly = voteCodeRequestSchema.pick({ email: true });
const TEXTS = {
  title: 'vote.email.title',
  intro: 'vote.email.intro',
  send: 'vote.email.send',
  resend: 'vote.email.resend',
  sent: 'vote.email.sent',
  code: 'vote.email.code',
};

/** E-mail voting: the code goes to the address typed (a throwaway domain is refused under the field). */
export function EmailVoteDialog(props: CodeVoteDialogProps) {
  const intl = useIntl();
  const channel: CodeChannel = {
    key: 'email',
    texts: TEXTS,
    sendUrl: '/api/gallery/vote-code',
    identity: (
      <Form.Item name="email" label={intl.formatMessage({ id: 'vote.email.address' })}>
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
    ),
    read: (form) => checkWith(emailOnly, { email: form.getFieldValue('email') ?? '' }, form)?.email,
  };
  return <CodeVoteDialog channel={channel} {...props} />;
}
