import { Button, Progress, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import ImgCrop from 'antd-img-crop';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { IMAGE_SIZES, TRAILER_MAX_SECONDS, VIDEO_MAX_SECONDS, VIDEO_RESOLUTION } from '../../../../common/constants';
import type { FilmLimits } from '../../../../common/entry-form/definitions';
import { Code } from '../../../../common/errors';
import { formatDuration, megabytes } from '../../../../common/format';
import { maxBytesFor, type UploadPurpose } from '../../../../common/schemas/entry';
import { showMessage } from '../../api/feedback';
import { errorText } from '../../i18n/error-text';
import type { DraftFile } from './draft';
import { filmRefusal } from './film-limits';
import { startUpload, type UploadHandle } from './tus-upload';
import { probeVideo } from './video-probe';

/** The entry's own files, and a file the organiser's form asks for (`fieldFile`). */
export type FormUploadPurpose = UploadPurpose | 'fieldFile';

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number; paused: boolean; retrying: boolean }
  | { kind: 'checking' }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

const VIDEO_ACCEPT = 'video/*,.mp4,.mov,.avi,.mkv,.webm,.mpg,.mpeg,.ts,.flv,.wmv,.m4v';
const ACCEPT: Record<FormUploadPurpose, string> = {
  teamLogo: '.jpg,.jpeg,.png,image/jpeg,image/png',
  cover: '.jpg,.jpeg,.png,image/jpeg,image/png',
  videoCover: '.jpg,.jpeg,.png,image/jpeg,image/png',
  video: VIDEO_ACCEPT,
  trailer: VIDEO_ACCEPT,
  empower: '.zip,.pdf,.rar,.7z,application/zip,application/pdf',
  subtitles: '.srt,.vtt,text/vtt,application/x-subrip',
  fieldFile: '.jpg,.jpeg,.png,image/jpeg,image/png',
};
const isVideoPurpose = (p: FormUploadPurpose) => p === 'video' || p === 'trailer';

const isImagePurpose = (p: FormUploadPurpose): p is keyof typeof IMAGE_SIZES => p in IMAGE_SIZES;

type Props = {
  purpose: FormUploadPurpose;
  empowerMaxBytes: number;
  value?: string;
  file?: DraftFile;
  onUploaded: (file: DraftFile | undefined) => void;
  /** Optional files (the trailer, the subtitles) offer to remove the chosen one. */
  onRemove?: () => void;
  inputId: string;
  /** The chosen group's film limits, checked before the film is sent. */
  film?: FilmLimits;
  /** Names the done state for tests when one purpose has several fields (`uploaded-<purpose>` otherwise). */
  testId?: string;
};

/**
 * One file of the entry form: checks what the browser can before a byte leaves (type, size, a film's
 * length and resolution), crops images to their aspect ratio, then uploads with tus showing progress,
 * pause and resume. The server's verdict (its localised message) is shown under the field.
 */
export function UploadField({ purpose, empowerMaxBytes, file, onUploaded, onRemove, inputId, film, testId }: Props) {
  const intl = useIntl();
  const [state, setState] = useState<State>(file ? { kind: 'done' } : { kind: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const limit = maxBytesFor(purpose, empowerMaxBytes);
  useEffect(() => () => handle.current?.pause(), []);

  const fail = (message: string) => {
    setState({ kind: 'error', message });
    void showMessage('error', message);
  };

  /** Checks in the browser; returns a message when the file must not be sent. */
  const precheck = async (f: File): Promise<string | null> => {
    if (purpose === 'subtitles' && f.size > limit) return errorText(Code.SubtitlesTooLarge);
    if (f.size > limit) return intl.formatMessage({ id: 'upload.tooLarge' }, { size: megabytes(limit) });
    if (isImagePurpose(purpose) && !/^image\/(jpeg|png)$/.test(f.type)) return intl.formatMessage({ id: 'upload.wrongType' });
    if (isVideoPurpose(purpose)) {
      // The trailer has the film's checks with a shorter limit (the server applies the same rule).
      const probe = await probeVideo(f);
      const maxSeconds = purpose === 'trailer' ? TRAILER_MAX_SECONDS : VIDEO_MAX_SECONDS;
      if (probe && probe.duration > maxSeconds) {
        return intl.formatMessage({ id: purpose === 'trailer' ? 'upload.trailer.tooLong' : 'upload.video.tooLong' }, { value: formatDuration(probe.duration) });
      }
      // Within the contest's own limit, the chosen group may ask for less (a shorter film, one orientation).
      const groupRefusal = probe && purpose === 'video' && film ? filmRefusal(probe, film, intl) : null;
      if (groupRefusal) return groupRefusal;
      // A group with its own limits says which pictures it takes; otherwise the contest's one resolution.
      if (probe && !(purpose === 'video' && film) && (probe.width !== VIDEO_RESOLUTION.width || probe.height !== VIDEO_RESOLUTION.height)) {
        return intl.formatMessage({ id: 'upload.video.resolution' }, { value: `${probe.width}×${probe.height}` });
      }
    }
    return null;
  };

  const send = async (f: File) => {
    const refused = await precheck(f);
    if (refused) return fail(refused);
    onUploaded(undefined);
    setState({ kind: 'uploading', percent: 0, paused: false, retrying: false });
    handle.current = await startUpload(f, purpose, {
      onProgress: (sent, total) => setState({ kind: 'uploading', percent: Math.floor((sent / total) * 100), paused: false, retrying: false }),
      onChecking: () => setState({ kind: 'checking' }),
      onRetry: () => setState((s) => (s.kind === 'uploading' ? { ...s, retrying: true } : s)),
      onSuccess: (outcome) => {
        setState({ kind: 'done' });
        onUploaded({ id: outcome.id, name: f.name, url: outcome.url, meta: outcome.meta });
      },
      onError: (_code, message) => fail(message || errorText(Code.SubmitFailed)),
    });
  };

  const picker = (
    <Upload
      accept={ACCEPT[purpose]}
      showUploadList={false}
      maxCount={1}
      id={inputId}
      beforeUpload={(f: RcFile) => {
        void send(f);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button disabled={state.kind === 'uploading' || state.kind === 'checking'}>
        <FormattedMessage id={file ? 'upload.replace' : 'upload.choose'} />
      </Button>
    </Upload>
  );

  const pause = () => {
    handle.current?.pause();
    setState((s) => (s.kind === 'uploading' ? { ...s, paused: true } : s));
  };
  const resume = () => {
    handle.current?.resume();
    setState((s) => (s.kind === 'uploading' ? { ...s, paused: false } : s));
  };

  return (
    <div className="upload-field" data-purpose={purpose}>
      <div className="upload-row">
        {isImagePurpose(purpose) ? (
          <ImgCrop
            aspect={IMAGE_SIZES[purpose].width / IMAGE_SIZES[purpose].height}
            quality={0.92}
            rotationSlider
            modalTitle={intl.formatMessage({ id: 'upload.cropTitle' })}
            modalOk={intl.formatMessage({ id: 'upload.cropOk' })}
            modalCancel={intl.formatMessage({ id: 'upload.cancel' })}
            // Other types skip the cropper and are refused by the same checks as every file.
            beforeCrop={(f) => /^image\/(jpeg|png)$/.test(f.type)}
          >
            {picker}
          </ImgCrop>
        ) : (
          picker
        )}
        {state.kind === 'uploading' && (
          <>
            <Button onClick={state.paused ? resume : pause}>
              <FormattedMessage id={state.paused ? 'upload.resume' : 'upload.pause'} />
            </Button>
            <Button
              type="text"
              onClick={() => {
                handle.current?.abort();
                setState({ kind: 'idle' });
              }}
            >
              <FormattedMessage id="upload.cancel" />
            </Button>
          </>
        )}
        {onRemove && file && state.kind !== 'uploading' && state.kind !== 'checking' && (
          <Button
            type="text"
            danger
            onClick={() => {
              setState({ kind: 'idle' });
              onRemove();
            }}
          >
            <FormattedMessage id="upload.remove" />
          </Button>
        )}
      </div>
      {state.kind === 'uploading' && (
        <div className="upload-progress" aria-live="polite">
          <Progress percent={state.percent} size="small" status={state.paused ? 'normal' : 'active'} />
          <span className="muted">
            <FormattedMessage
              id={state.retrying ? 'upload.retrying' : state.paused ? 'upload.paused' : 'upload.progress'}
              values={{ percent: state.percent }}
            />
          </span>
        </div>
      )}
      {state.kind === 'checking' && (
        <p className="upload-status muted" aria-live="polite">
          <FormattedMessage id="upload.checking" />
        </p>
      )}
      {state.kind === 'error' && (
        <p className="upload-status upload-error" role="alert">
          {state.message}
        </p>
      )}
      {file && state.kind !== 'uploading' && state.kind !== 'checking' && <UploadedPreview purpose={purpose} file={file} testId={testId} />}
    </div>
  );
}

function UploadedPreview({ purpose, file, testId }: { purpose: FormUploadPurpose; file: DraftFile; testId?: string }) {
  const intl = useIntl();
  const meta = file.meta as { duration?: number; width?: number; height?: number };
  return (
    <div className="upload-done" data-testid={`uploaded-${testId ?? purpose}`}>
      {file.url && <img src={file.url} alt={intl.formatMessage({ id: `submit.field.${purpose}` })} className={`upload-thumb upload-thumb--${purpose}`} />}
      <div>
        {file.name && <strong className="upload-name">{file.name}</strong>}
        <span className="upload-ok">
          <FormattedMessage id="upload.done" />
        </span>
        {isVideoPurpose(purpose) && meta.duration !== undefined && (
          <span className="muted">
            <FormattedMessage id="upload.videoMeta" values={{ duration: formatDuration(meta.duration), width: meta.width, height: meta.height }} />
          </span>
        )}
      </div>
    </div>
  );
}
