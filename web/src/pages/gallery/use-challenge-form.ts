import { Form } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import type { ChallengePurpose } from '../../../../common/challenge';
import { Code } from '../../../../common/errors';
import { ApiError, isAnnounced } from '../../api/api-error';
import { showMessage } from '../../api/feedback';
import { checkWith, showFieldErrors } from '../../api/form-errors';
import { notifyFailure, request } from '../../api/request';
import { solvedChallenge } from '../../challenge/solve';
import { errorText } from '../../i18n/error-text';

/** Where the background check is: solving, solved, or failed (the form then says so and retries on submit). */
export type ChallengeState = 'checking' | 'ready' | 'failed';

/** A refusal without fields: the code's text; a server or network failure: the request layer's notification. */
function reportFailure(err: unknown): void {
  if (!(err instanceof ApiError) || isAnnounced(err)) return;
  // Mail not sent or a picture not made is told with its code's own text, though its status is 5xx.
  const named = err.code === Code.SendingFailed || err.code === Code.SharePictureFailed;
  if ((err.status === 0 || err.status >= 500) && !named) notifyFailure(err);
  else void showMessage('error', errorText(err.code, err.values, err.msg));
}

/**
 * A public form guarded by a proof-of-work challenge (contact us, scam report): the challenge is solved in
 * the background from the moment the form shows, so the visitor types while the browser works. On submit it
 * checks the shared schema in the browser, posts with the solution, shows the success text and resets; a
 * refusal lands on its fields. A challenge is one-use, so a new one is solved after every attempt.
 */
export function useChallengeForm<Values extends object, S extends z.ZodType>(schema: S, url: string, purpose: ChallengePurpose, successTextId: string) {
  const intl = useIntl();
  const [form] = Form.useForm<Values>();
  const solution = useRef<Promise<string>>(undefined);
  const [challenge, setChallenge] = useState<ChallengeState>('checking');
  const [busy, setBusy] = useState(false);

  const solveNext = useCallback(() => {
    setChallenge('checking');
    const next = solvedChallenge(purpose);
    solution.current = next;
    next.then(
      () => solution.current === next && setChallenge('ready'),
      () => solution.current === next && setChallenge('failed'),
    );
  }, [purpose]);
  useEffect(() => solveNext(), [solveNext]);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      // A failed background solve gets one more try now; if that fails too, the schema says 2013 on the field.
      const altcha = await (solution.current ?? Promise.reject()).catch(() => solvedChallenge(purpose)).catch(() => '');
      const input = checkWith(schema, { ...values, altcha }, form);
      if (!input) return;
      await request(url, { method: 'POST', body: input, level: 'silent' });
      form.resetFields();
      void showMessage('success', intl.formatMessage({ id: successTextId }));
    } catch (err) {
      if (!showFieldErrors(form, err)) reportFailure(err);
    } finally {
      setBusy(false);
      solveNext();
    }
  };

  return { form, challenge, busy, onFinish: (values: Values) => void submit(values) };
}
