import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Space, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MediaStatus } from '../../../../common/media';
import { useCurrentUser } from '../../app/current-user';
import { HlsVideo } from '../../components/media/HlsVideo';
import { FilmStatusTag } from '../FilmStatusTag';
import { rerunTranscode } from '../queries/entries';

/**
 * The entry's film in the drawer: the renditions the pipeline made, in the gallery's player (HLS with the
 * MP4 fallback), the processing state, why the last attempt failed, and a re-run for the organiser.
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
  /** Reloads the entry; the re-run button stays busy until it has. */
  onChanged: () => Promise<unknown>;
}) {
  const intl = useIntl();
  const { message } = App.useApp();
  const { access } = useCurrentUser();
  const [rerunning, setRerunning] = useState(false);
  // Busy until the drawer has the new state (queued), so a double click sends one request.
  const rerun = async () => {
    setRerunning(true);
    try {
      const ok = await rerunTranscode(entryId).catch(() => null);
      if (ok) void message.success(intl.formatMessage({ id: 'console.detail.film.rerunQueued' }));
      await onChanged();
    } finally {
      setRerunning(false);
    }
  };
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="entry-film" data-film-status={film.status}>
      {film.hls || film.mp4 ? (
        <HlsVideo hls={film.hls} mp4={film.mp4} poster={poster ?? film.poster} title={title} />
      ) : (
        <Empty description={intl.formatMessage({ id: film.status === 'none' ? 'console.detail.film.noFilm' : 'console.detail.noVideo' })} />
      )}
      {film.status !== 'none' && (
        <Space wrap>
          <FilmStatusTag film={film} />
          {film.attempts > 0 && (
            <Typography.Text type="secondary">
              <FormattedMessage id="console.detail.film.attempts" values={{ count: film.attempts }} />
            </Typography.Text>
          )}
          {/* Re-running the conversion is the organiser's (it costs the server's time). */}
          {access.consoleOrganiser && (film.status === 'failed' || film.status === 'done') && (
            <Button size="small" icon={<ReloadOutlined />} loading={rerunning} disabled={rerunning} onClick={() => void rerun()}>
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
