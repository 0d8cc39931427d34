import type { IntlShape } from 'react-intl';
import type { FilmLimits } from '../../../../common/entry-form/definitions';
import { formatDuration } from '../../../../common/format';

type Probe = { duration: number; width: number; height: number };

/** Why the chosen group does not take this film (its length, orientation or resolution), or null when it does. */
export function filmRefusal(probe: Probe, film: FilmLimits, intl: IntlShape): string | null {
  if (film.maxSeconds && probe.duration > film.maxSeconds) {
    return intl.formatMessage({ id: 'entryForm.form.filmTooLong' }, { value: formatDuration(probe.duration), max: formatDuration(film.maxSeconds) });
  }
  const orientation = probe.width >= probe.height ? 'landscape' : 'portrait';
  if (film.orientations.length > 0 && !film.orientations.includes(orientation)) {
    return intl.formatMessage({ id: `entryForm.form.filmNot.${orientation}` }, { value: `${probe.width}×${probe.height}` });
  }
  const shortSide = Math.min(probe.width, probe.height);
  if (film.minShortSide && shortSide < film.minShortSide) {
    return intl.formatMessage({ id: 'entryForm.form.filmTooSmall' }, { value: `${probe.width}×${probe.height}`, min: film.minShortSide });
  }
  return null;
}
