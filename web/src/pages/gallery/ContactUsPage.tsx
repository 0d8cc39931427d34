import { Button, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT_CONTENT_MAX, CONTACT_NAME_MAX, contactSchema } from '../../../../common/schemas/contact';
import { showMessage } from '../../api/feedback';
import { request } from '../../api/request';
import { AntdScope } from '../../components/AntdScope';
import { PageHeader } from '../../components/PageHeader';
import { CaptchaField, type CaptchaHandle } from './CaptchaField';
import { checkWith, reportFailure, showServerFields } from './form-errors';
import './gallery.css';

type Values = { content: string; name: string; email: string; captchaAnswer: string };

/** Contact us: consultation content, name, e-mail and captcha; stored and e-mailed to the organiser. */
export default function ContactUsPage() {
  const intl = useIntl();
  const [form] = Form.useForm<Values>();
  const captcha = useRef<CaptchaHandle>(null);
  const [busy, setBusy] = useState(false);
  const label = (id: string) => intl.formatMessage({ id });

  const submit = async (values: Values) => {
    const input = checkWith(contactSchema, { ...values, captchaId: captcha.current?.id() ?? '' }, form);
    if (!input) return;
    setBusy(true);
    try {
      await request('/api/contact', { method: 'POST', body: input, level: 'silent' });
      form.resetFields();
      void showMessage('success', label('contact.sent'));
    } catch (err) {
      if (!showServerFields(err, form)) reportFailure(err, (status) => intl.formatMessage({ id: 'request.error' }, { status }));
    } finally {
      setBusy(false);
      captcha.current?.refresh();
    }
  };

  return (
    <>
      <PageHeader title={label('route.contactUs')} intro={label('contact.intro')} />
      <div className="container contact-page">
        <AntdScope>
          <section className="form-card contact-card">
            <h2>
              <FormattedMessage id="contact.formTitle" />
            </h2>
            <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
              <Form.Item name="content" label={label('contact.content')}>
                <Input.TextArea rows={5} maxLength={CONTACT_CONTENT_MAX} showCount placeholder={label('contact.contentPlaceholder')} />
              </Form.Item>
              <Form.Item name="name" label={label('contact.name')}>
                <Input maxLength={CONTACT_NAME_MAX} autoComplete="name" />
              </Form.Item>
              <Form.Item name="email" label={label('contact.email')}>
                <Input type="email" autoComplete="email" maxLength={254} />
              </Form.Item>
              <Form.Item name="captchaAnswer" label={label('captcha.label')}>
                <CaptchaField ref={captcha} />
              </Form.Item>
              <Button type="primary" htmlType="submit" size="large" loading={busy}>
                <FormattedMessage id="contact.submit" />
              </Button>
            </Form>
          </section>
        </AntdScope>
      </div>
    </>
  );
}
