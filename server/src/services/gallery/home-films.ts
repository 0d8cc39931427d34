import { HOME_FILM_ORDERS, HOME_FILMS_COUNT, type HomeFilmOrder, type HomeFilms } from '../../../../common/gallery';
import type { Locale } from '../../../../common/locales';
import { HOME_FILM_ORDER_SETTING } from '../../../../common/settings-keys';
import type { Db } from '../../db/database';
import { listHomeFilms } from '../../db/repos/entries/repository';
import { readKeys } from '../../db/repos/gallery/votes';
import { galleryCard } from '../entries/presenter';
import { countsShown, showCounts } from './count-display';
import { votingSettings } from './voting-settings';

export function homeFilmOrderOf(value: unknown): HomeFilmOrder {
  return HOME_FILM_ORDERS.includes(value as HomeFilmOrder) ? (value as HomeFilmOrder) : 'newest';
}

/**
 * The home page's strip of approved films (titles in the reader's locale), under the gallery's rules: none while the gallery is closed, and
 * counts only as visitors may see them. Most voted first only while counts show live: hidden or delayed, the
 * order itself would tell today's counts, so the strip shows the newest instead (as the gallery's sort does).
 */
export async function homeFilms(db: Db, locale: Locale, now = new Date()): Promise<HomeFilms> {
  const [settings, keys] = await Promise.all([votingSettings(db, now), readKeys(db, [HOME_FILM_ORDER_SETTING])]);
  const counts = countsShown(settings);
  const wanted = homeFilmOrderOf(keys[HOME_FILM_ORDER_SETTING]);
  const order: HomeFilmOrder = wanted === 'mostVoted' && counts.display === 'live' ? 'mostVoted' : 'newest';
  const base = { order, voterMode: settings.voterMode };
  if (!settings.gallery.open) return { ...base, counts, items: [] };
  const rows = await listHomeFilms(db, order === 'mostVoted' ? 'votes' : 'newest', HOME_FILMS_COUNT);
  const shown = await showCounts(
    db,
    settings,
    rows.map((row) => galleryCard(row, locale)),
    now,
  );
  return { ...base, counts: shown.counts, items: shown.rows };
}
