import { FormattedMessage } from 'react-intl';
import type { GalleryEntryDetail } from '../../../../common/gallery';
import { HlsVideo } from '../../components/media/HlsVideo';
import { MediaStatusText } from '../../components/media/MediaStatusText';
import { useMediaStatus } from '../../components/media/media-status';
import { ResponsiveImage } from '../../components/media/ResponsiveImage';

/** The player column's CSS width (gallery.css .entry-stage): full width on phones, ~63% of 1200 px above. */
const STAGE_SIZES = '(max-width: 860px) calc(100vw - 40px), 720px';

/**
 * The entry's film as the media pipeline published it (the entry answer carries its sources: HLS, the MP4
 * fallback, the poster). While the film is still waiting or being processed, the state is polled so the
 * player appears as soon as the renditions are ready, without a reload.
 */
export function EntryPlayer({ entry }: { entry: GalleryEntryDetail }) {
  const pending = entry.film.status === 'queued' || entry.film.status === 'running';
  const polled = useMediaStatus(entry.id, { enabled: pending && !entry.film.hls, status: entry.film.status });
  // Once the entry says the film is no longer pending, its own answer wins over a poll kept in the cache.
  const film = (pending && polled.data) || entry.film;
  const poster = entry.videoCoverUrl ?? film.poster ?? entry.coverUrl;
  const captions = entry.captionsUrl ? { url: entry.captionsUrl, lang: entry.lang } : null;
  if (film.hls || film.mp4) return <HlsVideo hls={film.hls} mp4={film.mp4} poster={poster} title={entry.title} captions={captions} startOnPlay />;
  const preparing = film.status === 'queued' || film.status === 'running';
  return (
    <div className="entry-player-empty" data-film-status={film.status}>
      {poster && <Cover src={poster} />}
      <p role="status">
        <FormattedMessage id={preparing ? 'gallery.noVideo' : 'media.player.unavailable'} />
        {preparing && (
          <span className="entry-player-progress">
            <MediaStatusText status={film} />
          </span>
        )}
      </p>
    </div>
  );
}

function Cover({ src }: { src: string }) {
  return <ResponsiveImage src={src} alt="" sizes={STAGE_SIZES} width={960} height={540} loading="eager" />;
}
