import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { z } from 'zod';
import type { MessageKey } from '../../../../common/i18n/index';
import { useHydrated } from '../../app/server-html';
import { PrivacyNote } from '../../components/PrivacyNote';
import type { useChallengeForm } from './use-challenge-form';

type Props<Values extends object> = {
  /** What useChallengeForm returned: the form, its check's state, whether it is posting and the submit handler. */
  challengeForm: ReturnType<typeof useChallengeForm<Values, z.ZodType>>;
  titleKey: MessageKey;
  introKey?: MessageKey;
  submitKey: MessageKey;
  /** Added to `form-card`. */
  className?: string;
  /** The form's own fields; the check's status line and the submit button follow them. */
  children: ReactNode;
};

const STATUS_TEXT = { checking: 'captcha.checking', ready: 'captcha.done', failed: 'captcha.failed' } as const;

/**
 * A public form card guarded by the background proof-of-work check (contact us, scam report): title, fields,
 * a one-line status of the check (its refusals show under it), submit. There is nothing to type or read.
 */
export function ChallengeFormCard<Values extends object>({ challengeForm, titleKey, introKey, submitKey, className, children }: Props<Values>) {
  const { form, challenge, busy, onFinish } = challengeForm;
  // Painted by the server, the form takes input once the app has taken the page over (typed text would be lost).
  const hydrated = useHydrated();
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
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={!hydrated}>
        {children}
        <Form.Item name="altcha" className="challenge-item">
          <ChallengeLine state={challenge} />
        </Form.Item>
        <PrivacyNote />
        <Button type="primary" htmlType="submit" size="large" loading={busy}>
          <FormattedMessage id={submitKey} />
        </Button>
      </Form>
    </section>
  );
}

/** The check's status: Form.Item passes value/onChange, which this line ignores (the solution is not typed). */
function ChallengeLine({ state }: { state: keyof typeof STATUS_TEXT }) {
  return (
    <p className={`challenge-status challenge-status--${state}`} role="status" data-testid="challenge-status" data-state={state}>
      <span className="challenge-status__dot" aria-hidden="true" />
      <FormattedMessage id={STATUS_TEXT[state]} />
    </p>
  );
}
