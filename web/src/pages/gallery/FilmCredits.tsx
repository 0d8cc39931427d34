import { FormattedMessage } from 'react-intl';
import type { GalleryEntryDetail } from '../../../../common/gallery';
import { useGroupNames } from '../../components/entry-form/use-group-names';

/** "1 min 05 s" style parts of a runtime in seconds. */
export function runtimeParts(seconds: number): { min: number; sec: number } {
  const whole = Math.round(seconds);
  return { min: Math.floor(whole / 60), sec: whole % 60 };
}

/** The film's credits under its title: the team that made it, the group it competes in, and its runtime once known. */
export function FilmCredits({ entry }: { entry: GalleryEntryDetail }) {
  const { nameOf } = useGroupNames();
  const runtime = entry.film.duration ? runtimeParts(entry.film.duration) : null;
  return (
    <dl className="film-credits">
      <div>
        <dt>
          <FormattedMessage id="gallery.credits.team" />
        </dt>
        <dd lang={entry.lang}>{entry.team}</dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="gallery.credits.group" />
        </dt>
        <dd>{nameOf(entry.group)}</dd>
      </div>
      {runtime && (
        <div>
          <dt>
            <FormattedMessage id="gallery.credits.runtime" />
          </dt>
          <dd data-testid="film-runtime">
            <FormattedMessage id="gallery.credits.runtimeValue" values={runtime} />
          </dd>
        </div>
      )}
    </dl>
  );
}
