import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Space, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MediaStatus } from '../../../../common/media';
import { MediaStatusText } from '../../components/media/MediaStatusText';
import { adminSend } from '../api';
import { VideoPlayer } from '../VideoPlayer';

const TAG_COLOR: Record<MediaStatus['status'], string> = { none: 'default', queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/**
 * The entry's film in the drawer: the renditions the pipeline made (the same sources the gallery plays),
 * the processing state, why the last attempt failed, and a re-run for the organiser.
 */
export function EntryFilm({
  entryId,
  title,
  poster,
  film,
  onChanged,
}: {
  entryId: number;
  title: string;
  poster: string | null;
  film: MediaStatus;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const { message } = App.useApp();
  const src = film.hls ?? film.mp4;
  const rerun = async () => {
    const ok = await adminSend<MediaStatus>('POST', `/api/media/entries/${entryId}/transcode`).catch(() => null);
    if (ok) void message.success(intl.formatMessage({ id: 'console.detail.film.rerunQueued' }));
    onChanged();
  };
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="entry-film" data-film-status={film.status}>
      {src ? (
        <VideoPlayer src={src} poster={poster ?? film.poster} label={title} />
      ) : (
        <Empty description={intl.formatMessage({ id: film.status === 'none' ? 'console.detail.film.noFilm' : 'console.detail.noVideo' })} />
      )}
      {film.status !== 'none' && (
        <Space wrap>
          <Tag color={TAG_COLOR[film.status]}>
            <MediaStatusText status={film} />
          </Tag>
          {film.attempts > 0 && (
            <Typography.Text type="secondary">
              <FormattedMessage id="console.detail.film.attempts" values={{ count: film.attempts }} />
            </Typography.Text>
          )}
          {(film.status === 'failed' || film.status === 'done') && (
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void rerun()}>
              <FormattedMessage id="console.detail.film.rerun" />
            </Button>
          )}
        </Space>
      )}
      {film.status === 'failed' && film.error && (
        <Typography.Text type="danger" style={{ wordBreak: 'break-word' }}>
          <FormattedMessage id="console.detail.film.error" values={{ error: film.error }} />
        </Typography.Text>
      )}
    </Space>
  );
}
