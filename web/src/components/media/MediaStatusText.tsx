import { FormattedMessage } from 'react-intl';
import { assertNever } from '../../../../common/exhaustive';
import type { MediaStatus } from '../../../../common/media';

/** "Waiting for processing" / "Processing 42%" / "Ready to play" / "Processing failed", for My entries and the console. */
export function MediaStatusText({ status }: { status: Pick<MediaStatus, 'status' | 'progress'> }) {
  switch (status.status) {
    case 'queued':
      return <FormattedMessage id="media.status.queued" />;
    case 'running':
      return <FormattedMessage id="media.status.running" values={{ percent: status.progress }} />;
    case 'done':
      return <FormattedMessage id="media.status.done" />;
    case 'failed':
      return <FormattedMessage id="media.status.failed" />;
    case 'none':
      return <FormattedMessage id="media.status.none" />;
    default:
      return assertNever(status.status, 'media status');
  }
}
