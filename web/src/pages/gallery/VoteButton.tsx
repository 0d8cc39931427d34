import { Form, Modal } from 'antd';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GalleryEntryDetail } from '../../../../common/gallery';
import { ApiError } from '../../api/api-error';
import { showMessage } from '../../api/feedback';
import { messageForCode } from '../../api/request';
import { AntdScope } from '../../components/AntdScope';
import { CaptchaField, type CaptchaHandle } from './CaptchaField';
import { useVote } from './gallery-api';

/**
 * The vote button. 2014 on success (the count in the cache moves at once), 2015 "You have voted" turns the
 * button into its voted state; 3002 (many votes from this network) opens the captcha and retries with it.
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
      void showMessage('success', messageForCode(2014, ''));
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      if (err.code === 2015) setVoted(true);
      if (err.code === 3002) return setAskCaptcha(true);
      if (askCaptcha && [2013, 3001, 3003, 3004].includes(err.code)) {
        form.setFields([{ name: 'captchaAnswer', errors: [messageForCode(err.code, err.msg)] }]);
        captcha.current?.refresh();
        return;
      }
      void showMessage(
        err.code === 2015 ? 'warning' : 'error',
        err.status === 0 || err.status >= 500 ? intl.formatMessage({ id: 'request.error' }, { status: err.status }) : messageForCode(err.code, err.msg),
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
                rules={[{ required: true, message: messageForCode(2013, '') }]}
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
