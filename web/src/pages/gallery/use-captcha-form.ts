import { Form } from 'antd';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { Code } from '../../../../common/errors';
import { ApiError, isAnnounced } from '../../api/api-error';
import { showMessage } from '../../api/feedback';
import { checkWith, showFieldErrors } from '../../api/form-errors';
import { notifyFailure, request } from '../../api/request';
import { errorText } from '../../i18n/error-text';
import type { CaptchaHandle } from './CaptchaField';

/** A refusal without fields: the code's text; a server or network failure: the request layer's notification. */
function reportFailure(err: unknown): void {
  if (!(err instanceof ApiError) || isAnnounced(err)) return;
  // Mail not sent or a picture not made is told with its code's own text, though its status is 5xx.
  const named = err.code === Code.SendingFailed || err.code === Code.SharePictureFailed;
  if ((err.status === 0 || err.status >= 500) && !named) notifyFailure(err);
  else void showMessage('error', errorText(err.code, err.values, err.msg));
}

/**
 * A public form guarded by the image captcha (contact us, scam report): checks the shared schema in the
 * browser, posts, shows the success text and resets; a refusal lands on its fields. The captcha is one-use,
 * so it is refreshed after every attempt, right or wrong.
 */
export function useCaptchaForm<Values extends object, S extends z.ZodType>(schema: S, url: string, successTextId: string) {
  const intl = useIntl();
  const [form] = Form.useForm<Values>();
  const captcha = useRef<CaptchaHandle>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    const input = checkWith(schema, { ...values, captchaId: captcha.current?.id() ?? '' }, form);
    if (!input) return;
    setBusy(true);
    try {
      await request(url, { method: 'POST', body: input, level: 'silent' });
      form.resetFields();
      void showMessage('success', intl.formatMessage({ id: successTextId }));
    } catch (err) {
      if (!showFieldErrors(form, err, { rename: { captchaId: 'captchaAnswer' } })) reportFailure(err);
    } finally {
      setBusy(false);
      captcha.current?.refresh();
    }
  };

  return { form, captcha, busy, onFinish: (values: Values) => void submit(values) };
}
