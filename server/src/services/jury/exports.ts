import { t } from '../../../../common/i18n/index';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { scoreSheetRows } from '../../db/repos/jury/scores';
import { toCsv } from '../console/csv';
import { localize } from '../content/localize';
import { groupKeys, groupNamer } from '../entry-form/definitions';
import { buildRanking } from './ranking';

/** The score sheet: one line per juror x entry x criterion, with the juror's private comment on the entry. */
export async function exportScoreSheetCsv(db: Db, locale: Locale): Promise<string> {
  const rows = await scoreSheetRows(db);
  const header = [
    'jury.csv.juror',
    'console.csv.entryId',
    'console.csv.entryNo',
    'console.csv.group',
    'console.csv.title',
    'jury.csv.criterion',
    'jury.csv.weight',
    'jury.csv.score',
    'jury.csv.comment',
    'jury.csv.updatedAt',
  ] as const;
  const groupName = await groupNamer(db, locale);
  return toCsv(
    header.map((k) => t(locale, k)),
    rows.map((r) => [
      r.juror_email,
      r.entry_id,
      r.entry_no,
      groupName(r.group),
      r.title,
      localize<{ name: string }>(r.criterion_i18n, locale, ['name']).name,
      r.weight,
      r.score,
      r.comment ?? '',
      r.updated_at,
    ]),
  );
}

const round = (x: number | null, digits = 2) => (x === null ? '' : x.toFixed(digits));

/** The final ranking of both groups with every figure the ranking used. */
export async function exportRankingCsv(db: Db, locale: Locale): Promise<string> {
  const header = [
    'console.csv.group',
    'jury.csv.rank',
    'jury.csv.tied',
    'console.csv.entryId',
    'console.csv.entryNo',
    'console.csv.title',
    'console.csv.team',
    'jury.csv.juryAverage',
    'jury.csv.jurors',
    'jury.csv.juryScore',
    'console.csv.votes',
    'jury.csv.voteShare',
    'jury.csv.publicScore',
    'jury.csv.final',
    'jury.csv.award',
  ] as const;
  const lines: unknown[][] = [];
  const groupName = await groupNamer(db, locale);
  for (const group of await groupKeys(db)) {
    const ranking = await buildRanking(db, group, locale);
    for (const r of ranking.rows) {
      lines.push([
        groupName(group),
        r.rank,
        r.tied ? t(locale, 'jury.csv.yes') : '',
        r.entryId,
        r.entryNo,
        r.title,
        r.team,
        round(r.juryAverage),
        r.jurorCount,
        round(r.jury),
        r.votes,
        `${(r.voteShare * 100).toFixed(1)}%`,
        round(r.public),
        round(r.final),
        r.award?.name ?? '',
      ]);
    }
  }
  return toCsv(
    header.map((k) => t(locale, k)),
    lines,
  );
}
