import { Form, Modal } from 'antd';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Code } from '../../../../common/errors';
import type { GalleryEntryDetail } from '../../../../common/gallery';
import { ApiError, isAnnounced } from '../../api/api-error';
import { showMessage } from '../../api/feedback';
import { showFieldErrors } from '../../api/form-errors';
import { AntdScope } from '../../components/AntdScope';
import { errorText } from '../../i18n/error-text';
import { CaptchaField, type CaptchaHandle } from './CaptchaField';
import { useVote } from './gallery-api';

/** Refusals of a wrong, missing, expired or used captcha: shown on the answer input. */
const CAPTCHA_REFUSALS = [Code.CaptchaRequired, Code.CaptchaWrong, Code.CaptchaExpired, Code.CaptchaUsed] as const;

/**
 * The vote button. VoteSuccess (the count in the cache moves at once); VoteDuplicate "You have voted" turns
 * the button into its voted state; CaptchaStepUp (many votes from this network) opens the captcha and
 * retries with it.
 */
export function VoteButton({ entry }: { entry: GalleryEntryDetail }) {
  const intl = useIntl();
  const vote = useVote(entry.id);
  const [askCaptcha, setAskCaptcha] = useState(false);
  const [voted, setVoted] = useState(entry.voted);
  const captcha = useRef<CaptchaHandle>(null);
  const [form] = Form.useForm<{ captchaAnswer: string }>();

  const cast = async (withCaptcha?: { captchaId: string; captchaAnswer: string }) => {
    try {
      await vote.mutateAsync(withCaptcha);
      setVoted(true);
      setAskCaptcha(false);
      void showMessage('success', errorText(Code.VoteSuccess));
    } catch (err) {
      if (!(err instanceof ApiError) || isAnnounced(err)) return;
      if (err.code === Code.VoteDuplicate) setVoted(true);
      if (err.code === Code.CaptchaStepUp) return setAskCaptcha(true);
      if (askCaptcha && showFieldErrors(form, err, { codesOn: { field: 'captchaAnswer', codes: CAPTCHA_REFUSALS } })) {
        captcha.current?.refresh();
        return;
      }
      void showMessage(
        err.code === Code.VoteDuplicate ? 'warning' : 'error',
        err.status === 0 || err.status >= 500 ? intl.formatMessage({ id: 'request.error' }, { status: err.status }) : errorText(err.code, err.values, err.msg),
      );
    }
  };

  const state = !entry.votingOpen ? 'closed' : voted || entry.voted ? 'voted' : 'open';
  return (
    <>
      <button
        type="button"
        className={`btn btn-primary btn-lg vote-button vote-button--${state}`}
        disabled={state === 'closed' || vote.isPending}
        aria-busy={vote.isPending}
        onClick={() => void cast()}
      >
        <FormattedMessage id={state === 'closed' ? 'vote.closed' : state === 'voted' ? 'vote.voted' : 'vote.button'} />
      </button>
      {askCaptcha && (
        <AntdScope>
          <Modal
            open
            title={intl.formatMessage({ id: 'vote.captchaTitle' })}
            okText={intl.formatMessage({ id: 'vote.confirm' })}
            cancelText={intl.formatMessage({ id: 'vote.cancel' })}
            confirmLoading={vote.isPending}
            onCancel={() => setAskCaptcha(false)}
            onOk={() => form.submit()}
          >
            <p>
              <FormattedMessage id="vote.captchaIntro" />
            </p>
            <Form form={form} layout="vertical" onFinish={(v) => void cast({ captchaId: captcha.current?.id() ?? '', captchaAnswer: v.captchaAnswer })}>
              <Form.Item
                name="captchaAnswer"
                label={intl.formatMessage({ id: 'captcha.label' })}
                rules={[{ required: true, message: errorText(Code.CaptchaRequired) }]}
              >
                <CaptchaField ref={captcha} />
              </Form.Item>
            </Form>
          </Modal>
        </AntdScope>
      )}
    </>
  );
}
