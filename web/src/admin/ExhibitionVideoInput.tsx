import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Progress, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EXHIBITION_VIDEO_ACCEPT } from '../../../common/console/uploads';
import { Code } from '../../../common/errors';
import { errorText } from '../i18n/error-text';
import { startUpload, type UploadHandle } from '../pages/submission/tus-upload';
import { exhibitionVideoStatus } from './queries/content';
import { VideoPlayer } from './VideoPlayer';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing'; id: string; percent: number }
  | { kind: 'failed'; message: string };

const POLL_MS = 2000;
/** Only the site's own files preview: the console's CSP would block other addresses anyway. */
const own = (url: string | undefined): url is string => !!url && url.startsWith('/') && !url.startsWith('//');

/**
 * The exhibition's video field: the address stays editable by hand, or "Upload video" sends a file through
 * the resumable upload (purpose exhibitionVideo), waits while the server makes it web-playable, then fills
 * the address (and hands the poster frame to `onPoster`) and shows a preview player.
 */
export function ExhibitionVideoInput({
  id,
  value,
  onChange,
  onPoster,
}: {
  id?: string;
  value?: string | null;
  onChange?: (v: string) => void;
  onPoster?: (url: string) => void;
}) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const f = (key: string) => intl.formatMessage({ id: key });

  // Closing the editor mid-upload drops that upload; a finished one is the exhibition's video (its processed
  // copy is what the address names) and the handle is let go on success, so nothing is deleted on save.
  useEffect(() => () => handle.current?.abort(), []);
  // The polling loop below lives for one upload; it reads the latest callbacks through this ref.
  const latest = useRef({ onChange, onPoster, message, f });
  latest.current = { onChange, onPoster, message, f };

  // While the server converts the film, ask for its state until it is published or has failed.
  const processingId = phase.kind === 'processing' ? phase.id : null;
  useEffect(() => {
    if (!processingId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const state = await exhibitionVideoStatus(processingId).catch(() => null);
      if (stopped) return;
      const cb = latest.current;
      if (state?.status === 'published' && state.url) {
        cb.onChange?.(state.url);
        if (state.posterUrl) cb.onPoster?.(state.posterUrl);
        setPhase({ kind: 'idle' });
        void cb.message.success(cb.f('console.upload.done'));
        return;
      }
      if (state?.status === 'failed') {
        setPhase({ kind: 'failed', message: errorText(state.code ?? Code.ExhibitionVideoFailed, {}, cb.f('console.video.failed')) });
        return;
      }
      if (state) setPhase({ kind: 'processing', id: processingId, percent: state.percent });
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [processingId]);

  const upload = async (file: File) => {
    setPhase({ kind: 'uploading', percent: 0 });
    let finished = false;
    const started = await startUpload(file, 'exhibitionVideo', {
      onProgress: (sent, total) => setPhase({ kind: 'uploading', percent: Math.floor((sent / Math.max(total, 1)) * 100) }),
      onChecking: () => undefined,
      onRetry: () => undefined,
      onSuccess: (outcome) => {
        finished = true;
        handle.current = null;
        setPhase({ kind: 'processing', id: outcome.id, percent: 0 });
      },
      // The refusal's text (errorText with its values), else the console's own.
      onError: (_code, msg) => setPhase({ kind: 'failed', message: msg || f('console.video.failed') }),
    });
    if (!finished) handle.current = started;
  };

  const busy = phase.kind === 'uploading' || phase.kind === 'processing';
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
        <Upload
          accept={EXHIBITION_VIDEO_ACCEPT}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void upload(file);
            return false; // sent by tus, not by antd
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="exhibition-video-upload">
            <FormattedMessage id="console.video.upload" />
          </Button>
        </Upload>
      </Space.Compact>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <FormattedMessage id="console.video.hint" />
      </Typography.Text>
      {phase.kind === 'uploading' && (
        <div aria-live="polite">
          <Typography.Text>
            <FormattedMessage id="console.video.uploading" />
          </Typography.Text>
          <Progress percent={phase.percent} size="small" status="active" />
        </div>
      )}
      {phase.kind === 'processing' && (
        <div aria-live="polite" data-testid="exhibition-video-processing">
          <Typography.Text>
            <FormattedMessage id="console.video.processing" />
          </Typography.Text>
          <Progress percent={phase.percent} size="small" status="active" />
        </div>
      )}
      {phase.kind === 'failed' && <Alert type="error" showIcon title={phase.message} data-testid="exhibition-video-error" />}
      {own(value ?? undefined) && (
        <div data-testid="exhibition-video-preview">
          <VideoPlayer src={value as string} label={f('console.video.preview')} />
        </div>
      )}
    </Space>
  );
}
