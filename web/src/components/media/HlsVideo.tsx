import type HlsType from 'hls.js';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import './media.css';

export type HlsVideoProps = {
  /** Master playlist URL; null while the film has no renditions. */
  hls: string | null;
  /** Faststart MP4 (or a browser-playable original): used when HLS cannot play. */
  mp4: string | null;
  poster?: string | null;
  /** The film's title, for the player's accessible name. */
  title: string;
  /** The entrant's subtitles as WebVTT, shown as captions (on by default), with their language. */
  captions?: { url: string; lang: string } | null;
  className?: string;
  /**
   * Shows the poster and a play button, and loads nothing of the film (no player library, no playlist, no
   * segment) until the viewer presses it; the film then starts playing. Off, the player is set up at once.
   */
  startOnPlay?: boolean;
};

type Level = { index: number; height: number };
type Engine = 'native' | 'hlsjs' | 'mp4' | 'none';

/**
 * The film player. Where Media Source Extensions exist, hls.js (loaded only when a film is shown, so it
 * never enters the first load) picks a rendition for the connection and lets the viewer choose one; an
 * iPhone plays the playlist natively; the MP4 is the fallback when neither works.
 * data-engine / data-level say what is playing (used by the e2e test and handy when debugging).
 */
export function HlsVideo({ hls, mp4, poster, title, captions, className, startOnPlay = false }: HlsVideoProps) {
  const intl = useIntl();
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const [engine, setEngine] = useState<Engine>('none');
  const [levels, setLevels] = useState<Level[]>([]);
  const [chosen, setChosen] = useState(-1);
  const [playing, setPlaying] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [started, setStarted] = useState(!startOnPlay);
  const selectId = useId();

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !started) return;
    let cancelled = false;
    // The play button has gone: the keyboard focus goes on to the player rather than falling to the page.
    if (startOnPlay) video.focus({ preventScroll: true });
    // Pressed play: the film starts as soon as its source is attached (the press allows sound).
    const autoplay = () => {
      if (startOnPlay) video.play().catch(() => undefined);
    };
    setFailed(false);
    setLevels([]);
    setChosen(-1);
    const playMp4 = () => {
      hlsRef.current?.destroy();
      hlsRef.current = null;
      setLevels([]);
      if (mp4) {
        video.src = mp4;
        setEngine('mp4');
        autoplay();
      } else {
        setEngine('none');
        setFailed(true);
      }
    };
    // hls.js wherever Media Source Extensions exist (it offers the quality choice and the same ABR
    // everywhere, Chromium's young native HLS included); native HLS on iPhones, which lack MSE.
    const mse = typeof window !== 'undefined' && 'MediaSource' in window;
    if (hls && !mse && video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = hls;
      setEngine('native');
      autoplay();
    } else if (hls && mse) {
      import('hls.js')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return playMp4();
          const player = new Hls({ capLevelToPlayerSize: true, startLevel: -1 });
          hlsRef.current = player;
          let recovered = false;
          player.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
            setLevels(data.levels.map((l, index) => ({ index, height: l.height })).sort((a, b) => b.height - a.height));
          });
          player.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => setPlaying(player.levels[data.level]?.height ?? null));
          player.on(Hls.Events.ERROR, (_e, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
              recovered = true;
              player.recoverMediaError();
            } else playMp4();
          });
          player.loadSource(hls);
          player.attachMedia(video);
          setEngine('hlsjs');
          autoplay();
        })
        .catch(playMp4);
    } else playMp4();
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [hls, mp4, started, startOnPlay]);

  const choose = (index: number) => {
    setChosen(index);
    if (hlsRef.current) hlsRef.current.currentLevel = index; // -1 = automatic
  };

  return (
    <div className={`media-player ${className ?? ''}`} data-engine={engine} data-level={playing ?? ''}>
      {/* biome-ignore lint/a11y/useMediaCaption: films carry burnt-in Chinese and English subtitles, a rule for every entry; an entrant's subtitle file adds a track */}
      <video
        ref={videoRef}
        className="media-player__video"
        controls={started}
        playsInline
        preload={started ? 'metadata' : 'none'}
        poster={poster ?? undefined}
        aria-label={intl.formatMessage({ id: 'media.player.label' }, { title })}
        onError={() => engine === 'mp4' && setFailed(true)}
      >
        {captions && <track kind="captions" src={captions.url} srcLang={captions.lang} label={intl.formatMessage({ id: 'media.player.captions' })} default />}
      </video>
      {!started && (
        <button type="button" className="media-player__start" onClick={() => setStarted(true)}>
          <span className="media-player__start-icon" aria-hidden="true" />
          <span className="visually-hidden">{intl.formatMessage({ id: 'media.player.play' }, { title })}</span>
        </button>
      )}
      {failed && (
        <p className="media-player__note" role="status">
          <FormattedMessage id={hls || mp4 ? 'media.player.error' : 'media.player.unavailable'} />
        </p>
      )}
      {levels.length > 1 && (
        <div className="media-player__quality">
          <label htmlFor={selectId}>
            <FormattedMessage id="media.player.quality" />
          </label>
          <select id={selectId} value={chosen} onChange={(e) => choose(Number(e.target.value))}>
            <option value={-1}>{intl.formatMessage({ id: 'media.player.auto' })}</option>
            {levels.map((l) => (
              <option key={l.index} value={l.index}>{`${l.height}p`}</option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
