import type { EntryGroup } from '../../../../common/constants';
import type { Ranking } from '../../../../common/jury/api-types';
import { rankGroup } from '../../../../common/jury/ranking';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { rankableEntries } from '../../db/repos/entries/repository';
import { listAwardedEntries } from '../../db/repos/jury/awards';
import { listCriteria } from '../../db/repos/jury/criteria';
import { countedScores } from '../../db/repos/jury/scores';
import { localize } from '../content/localize';
import { readJurySettings } from './settings';

/** One group's final ranking from the stored scores and votes, with the awards given so far. */
export async function buildRanking(db: Db, group: EntryGroup, locale: Locale): Promise<Ranking & { entries: Awaited<ReturnType<typeof rankableEntries>> }> {
  const [entries, criteria, scores, settings, awards] = await Promise.all([
    rankableEntries(db, group),
    listCriteria(db),
    countedScores(db),
    readJurySettings(db),
    listAwardedEntries(db),
  ]);
  const weights = { jury: settings.juryWeight, public: settings.publicWeight };
  const ranked = rankGroup({
    criteria: criteria.map((c) => ({ id: c.id, weight: c.weight })),
    entries: entries.map((e) => ({ id: e.id, votes: e.vote_count })),
    scores: scores.map((s) => ({ jurorId: s.juror_id, entryId: s.entry_id, criterionId: s.criterion_id, score: s.score })),
    weights,
  });
  const byId = new Map(entries.map((e) => [e.id, e]));
  const awardOf = new Map(awards.map((a) => [a.entry_id, { id: a.award_id, name: localize<{ name: string }>(a.i18n, locale, ['name']).name }]));
  return {
    group,
    weights,
    entries,
    rows: ranked.map((r) => {
      const e = byId.get(r.entryId);
      return { ...r, entryNo: e?.entry_no ?? null, title: e?.title ?? '', team: e?.team ?? '', award: awardOf.get(r.entryId) ?? null };
    }),
  };
}
