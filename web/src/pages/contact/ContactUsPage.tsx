import { Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { CONTACT_CONTENT_MAX, CONTACT_NAME_MAX, contactSchema } from '../../../../common/schemas/contact';
import { AntdScope } from '../../components/AntdScope';
import { PageHeader } from '../../components/PageHeader';
import { ChallengeFormCard } from '../gallery/ChallengeFormCard';
import { useChallengeForm } from '../gallery/use-challenge-form';
import '../gallery/gallery.css';

type Values = { content: string; name: string; email: string; altcha?: string };

/** Contact us: consultation content, name, e-mail and a background proof-of-work check; stored and e-mailed to the organiser. */
export default function ContactUsPage() {
  const intl = useIntl();
  const challengeForm = useChallengeForm<Values, typeof contactSchema>(contactSchema, '/api/contact', 'contact', 'contact.sent');
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <>
      <PageHeader title={label('route.contactUs')} intro={label('contact.intro')} />
      <div className="container contact-page">
        <AntdScope>
          <ChallengeFormCard challengeForm={challengeForm} className="contact-card" titleKey="contact.formTitle" submitKey="contact.submit">
            <Form.Item name="content" label={label('contact.content')}>
              <Input.TextArea rows={5} maxLength={CONTACT_CONTENT_MAX} showCount placeholder={label('contact.contentPlaceholder')} />
            </Form.Item>
            <Form.Item name="name" label={label('contact.name')}>
              <Input maxLength={CONTACT_NAME_MAX} autoComplete="name" />
            </Form.Item>
            <Form.Item name="email" label={label('contact.email')}>
              <Input type="email" autoComplete="email" maxLength={254} />
            </Form.Item>
          </ChallengeFormCard>
        </AntdScope>
      </div>
    </>
  );
}
