import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import type { MessageKey } from '../../../../common/i18n/index';
import { CaptchaField } from './CaptchaField';
import type { useCaptchaForm } from './use-captcha-form';

type Props<Values extends object> = {
  /** What useCaptchaForm returned: the form, its captcha, whether it is posting and the submit handler. */
  captchaForm: ReturnType<typeof useCaptchaForm<Values, z.ZodType>>;
  titleKey: MessageKey;
  introKey?: MessageKey;
  submitKey: MessageKey;
  /** Added to `form-card`. */
  className?: string;
  /** The form's own fields; the captcha and the submit button follow them. */
  children: ReactNode;
};

/** A public form card guarded by the image captcha (contact us, scam report): title, fields, captcha, submit. */
export function CaptchaFormCard<Values extends object>({ captchaForm, titleKey, introKey, submitKey, className, children }: Props<Values>) {
  const intl = useIntl();
  const { form, captcha, busy, onFinish } = captchaForm;
  return (
    <section className={className ? `form-card ${className}` : 'form-card'}>
      <h2>
        <FormattedMessage id={titleKey} />
      </h2>
      {introKey && (
        <p className="muted">
          <FormattedMessage id={introKey} />
        </p>
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        {children}
        <Form.Item name="captchaAnswer" label={intl.formatMessage({ id: 'captcha.label' })}>
          <CaptchaField ref={captcha} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={busy}>
          <FormattedMessage id={submitKey} />
        </Button>
      </Form>
    </section>
  );
}
