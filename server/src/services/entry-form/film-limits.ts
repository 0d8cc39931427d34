import type { FilmLimits, Orientation } from '../../../../common/entry-form/definitions';
import { Code } from '../../../../common/errors';
import { formatDuration } from '../../../../common/format';
import { t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import { AppError } from '../../errors';

/** What the upload's probe measured (stored on the upload row as its meta when the last byte arrived). */
type Probed = { duration?: number; width?: number; height?: number };

const orientationOf = (width: number, height: number): Orientation => (width >= height ? 'landscape' : 'portrait');

/**
 * Checks the film against its group's limits when the entry is sent; refusals name the measured value and
 * the limit. Entries sent before a limit changed are not checked again.
 */
export function assertFilmFitsGroup(limits: FilmLimits, uploadMeta: string, locale: Locale): void {
  const probed = JSON.parse(uploadMeta) as Probed;
  const { duration = 0, width = 0, height = 0 } = probed;
  if (limits.maxSeconds !== null && duration > limits.maxSeconds)
    throw new AppError(Code.FilmTooLongForGroup, {
      fields: { 'uploads.video': Code.FilmTooLongForGroup },
      values: { value: formatDuration(duration), limit: formatDuration(limits.maxSeconds) },
    });
  const orientation = orientationOf(width, height);
  const word = (o: Orientation) => t(locale, `entryForm.server.orientation.${o}`);
  if (!limits.orientations.includes(orientation))
    throw new AppError(Code.FilmOrientationRefused, {
      fields: { 'uploads.video': Code.FilmOrientationRefused },
      values: { value: word(orientation), limit: limits.orientations.map(word).join(' / ') },
    });
  const shortSide = Math.min(width, height);
  if (limits.minShortSide !== null && shortSide < limits.minShortSide)
    throw new AppError(Code.FilmResolutionTooLow, {
      fields: { 'uploads.video': Code.FilmResolutionTooLow },
      values: { value: shortSide, limit: limits.minShortSide },
    });
}
