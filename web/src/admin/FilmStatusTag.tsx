import { Tag } from 'antd';
import type { MediaStatus } from '../../../common/media';
import { MediaStatusText } from '../components/media/MediaStatusText';

const TAG_COLOR: Record<MediaStatus['status'], string> = { none: 'default', queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** A film's processing state as a tag, the same in the entries list and the drawer; nothing without a film. */
export function FilmStatusTag({ film }: { film: Pick<MediaStatus, 'status' | 'progress'> }) {
  if (film.status === 'none') return null;
  return (
    <Tag color={TAG_COLOR[film.status]}>
      <MediaStatusText status={film} />
    </Tag>
  );
}
