import { Form, Input, Space } from 'antd';
import { useIntl } from 'react-intl';
import { phoneCodeRequestSchema } from '../../../../common/schemas/vote';
import { checkWith } from '../../api/form-errors';
import { type CodeChannel, CodeVoteDialog, type CodeVoteDialogProps } from './CodeVoteDialog';

const phoneOnly = phoneCodeRequestSchema.pick({ phone: true });
const TEXTS = {
  title: 'vote.phone.title',
  intro: 'vote.phone.intro',
  send: 'vote.phone.send',
  resend: 'vote.phone.resend',
  sent: 'vote.phone.sent',
  code: 'vote.phone.code',
};
/** Mainland China's code: the contest's usual voters; anyone else types theirs (or a number starting with +). */
const DEFAULT_COUNTRY = '+86';

/** The number as the server reads it: as typed when it starts with `+`, else after the country code. */
function fullNumber(country: string | undefined, number: string | undefined): string {
  const typed = (number ?? '').trim();
  if (!typed || typed.startsWith('+')) return typed;
  const cc = (country ?? '').trim().replace(/^\+?/, '+');
  return cc === '+' ? typed : `${cc} ${typed}`;
}

/** Phone voting: the code is texted to the mobile number typed (a landline or a bad number is refused under the field). */
export function PhoneVoteDialog(props: CodeVoteDialogProps) {
  const intl = useIntl();
  const channel: CodeChannel = {
    key: 'phone',
    texts: TEXTS,
    sendUrl: '/api/gallery/vote-sms',
    identity: (
      <Space.Compact block>
        <Form.Item name="country" label={intl.formatMessage({ id: 'vote.phone.country' })} initialValue={DEFAULT_COUNTRY} className="vote-phone-country">
          <Input inputMode="tel" autoComplete="tel-country-code" maxLength={5} />
        </Form.Item>
        <Form.Item name="phone" label={intl.formatMessage({ id: 'vote.phone.number' })} className="vote-phone-number">
          <Input type="tel" inputMode="tel" autoComplete="tel-national" maxLength={24} />
        </Form.Item>
      </Space.Compact>
    ),
    read: (form) => checkWith(phoneOnly, { phone: fullNumber(form.getFieldValue('country'), form.getFieldValue('phone')) }, form)?.phone,
  };
  return <CodeVoteDialog channel={channel} {...props} />;
}
