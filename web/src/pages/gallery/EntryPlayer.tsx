import { FormattedMessage } from 'react-intl';
import type { GalleryEntryDetail } from '../../../../common/gallery';
import { HlsVideo } from '../../components/media/HlsVideo';
import { MediaStatusText } from '../../components/media/MediaStatusText';
import { useMediaStatus } from '../../components/media/media-status';
import { ResponsiveImage } from '../../components/media/ResponsiveImage';

/** The player column's CSS width (gallery.css .entry-stage): full width on phones, ~63% of 1200 px above. */
const STAGE_SIZES = '(max-width: 860px) calc(100vw - 40px), 720px';

/**
 * The entry's film through the media pipeline: HLS renditions once transcoded, else the pipeline's MP4,
 * else the entry's own browser-playable clip (demo entries have no job). Waits for the media state so the
 * player does not start the MP4 and then switch to HLS.
 */
export function EntryPlayer({ entry }: { entry: GalleryEntryDetail }) {
  const media = useMediaStatus(entry.id, { enabled: !!entry.videoUrl });
  const poster = entry.videoCoverUrl ?? media.data?.poster ?? entry.coverUrl;
  const hls = media.data?.hls ?? null;
  const mp4 = media.data?.mp4 ?? entry.videoUrl;
  if (entry.videoUrl && (hls || mp4 || media.isPending)) {
    if (media.isPending)
      return (
        <div className="entry-player-empty" aria-busy="true">
          {poster && <Cover src={poster} />}
        </div>
      );
    return <HlsVideo hls={hls} mp4={mp4} poster={poster} title={entry.title} />;
  }
  return (
    <div className="entry-player-empty">
      {poster && <Cover src={poster} />}
      <p>{media.data && media.data.status !== 'none' ? <MediaStatusText status={media.data} /> : <FormattedMessage id="gallery.noVideo" />}</p>
    </div>
  );
}

function Cover({ src }: { src: string }) {
  return <ResponsiveImage src={src} alt="" sizes={STAGE_SIZES} width={960} height={540} loading="eager" />;
}
