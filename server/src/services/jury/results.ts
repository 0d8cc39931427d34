import type { EntryGroup } from '../../../../common/constants';
import { shownTitle } from '../../../../common/entry';
import { Code } from '../../../../common/errors';
import type { PublicResults, ResultsState } from '../../../../common/jury/api-types';
import { DEFAULT_LOCALE, isLocale, type Locale, SUPPORTED_LOCALES } from '../../../../common/locales';
import { RESULTS_SETTING } from '../../../../common/settings-keys';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { countUnmailed, nextUnmailedEntrant, recordMailed } from '../../db/repos/entries/repository';
import { listAwardedEntries } from '../../db/repos/jury/awards';
import { claimMailing, countMailed, markMailed, markMailRefused } from '../../db/repos/jury/results-mailings';
import { readSettings, writeSetting } from '../../db/repos/settings';
import { AppError } from '../../errors';
import { localize } from '../content/localize';
import { isPhaseOpen, phaseWindows } from '../contest/contest-info';
import { groupKeys } from '../entry-form/definitions';
import { jobQueued } from '../jobs/wake';
import { givenUp, MAIL_RETRY_AFTER_MS, mailErrorText } from '../mail/mail-attempts';
import { sendMail } from '../mail/send-mail';
import { buildRanking } from './ranking';

type Names = Record<Locale, string>;
type SnapshotWinner = {
  entryId: number;
  entryNo: number | null;
  title: string;
  /** The entrant's English title and the entry's locale; absent in snapshots published before titles had one. */
  titleEn?: string | null;
  lang?: string;
  team: string;
  coverUrl: string | null;
  rank: number;
  award: Names;
  awardSort: number;
};
/**
 * What visitors see is a snapshot taken at publishing: later score or award changes reach the page only
 * when the organiser publishes again. Who was mailed is in `results_mailings`; `mailed` is the list snapshots
 * kept before that table, read once and moved into it.
 */
type Snapshot = { publishedAt: string | null; groups: { group: EntryGroup; winners: SnapshotWinner[] }[]; mailed?: number[] };

/**
 * A claim on a results mail older than this, never marked sent, belonged to a process that died mid-send or
 * to a send that failed: it is tried again (at most MAIL_ATTEMPTS_MAX times). A failed send waits this long,
 * so the other entrants go first.
 */
const STALE_CLAIM_MS = MAIL_RETRY_AFTER_MS;

async function readSnapshot(db: Db): Promise<Snapshot | undefined> {
  return (await readSettings(db))[RESULTS_SETTING] as Snapshot | undefined;
}

export async function resultsState(db: Db): Promise<ResultsState> {
  const s = await readSnapshot(db);
  const publishedAt = s?.publishedAt ?? null;
  return { publishedAt, mailed: await countMailed(db), toMail: publishedAt ? await countUnmailed(db, publishedAt) : 0 };
}

/** Whether the results page is public (the site's menu shows it only then). */
export async function resultsPublished(db: Db): Promise<boolean> {
  return Boolean((await readSnapshot(db))?.publishedAt);
}

async function takeSnapshot(db: Db): Promise<Snapshot['groups']> {
  const awards = new Map((await listAwardedEntries(db)).map((a) => [a.entry_id, a]));
  const groups: Snapshot['groups'] = [];
  for (const group of await groupKeys(db)) {
    const ranking = await buildRanking(db, group, 'zh-CN');
    const byId = new Map(ranking.entries.map((e) => [e.id, e]));
    const winners = ranking.rows.flatMap((r) => {
      const award = awards.get(r.entryId);
      const e = byId.get(r.entryId);
      if (!award || !e) return [];
      const award3 = Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, localize<{ name: string }>(award.i18n, l, ['name']).name])) as Names;
      return [
        {
          entryId: e.id,
          entryNo: e.entry_no,
          title: e.title,
          titleEn: e.title_en,
          lang: e.locale,
          team: e.team,
          coverUrl: e.cover_url,
          rank: r.rank,
          award: award3,
          awardSort: award.sort,
        },
      ];
    });
    winners.sort((a, b) => a.awardSort - b.awardSort || a.rank - b.rank);
    groups.push({ group, winners });
  }
  return groups;
}

/**
 * Publishes the results page and hands the entrants' mails to the results mailer (services/jury/results-mailer.ts),
 * which sends them in the background: a contest with hundreds of entrants and a slow SMTP server would
 * otherwise hold the organiser's request for minutes, past any proxy's timeout. The answer says how many are
 * still to go; the console follows them going out.
 */
export async function publishResults(ctx: AppContext): Promise<ResultsState> {
  // Results published mid-vote would show a ranking the next votes change, and mail it to every entrant.
  if (isPhaseOpen(phaseWindows(await readSettings(ctx.db)), 'voting', new Date())) throw new AppError(Code.ResultsWhileVoting);
  const previous = await readSnapshot(ctx.db);
  // Entrants mailed before the ledger existed, listed in the old snapshot, are not mailed again.
  if (previous?.mailed?.length) await recordMailed(ctx.db, previous.mailed, nowIso());
  const snapshot: Snapshot = { publishedAt: nowIso(), groups: await takeSnapshot(ctx.db) };
  await writeSetting(ctx.db, RESULTS_SETTING, snapshot);
  jobQueued(); // the mailer of this process (or, in a cluster, of the primary) starts at once
  return resultsState(ctx.db);
}

/**
 * Sends one results mail if one is due (results published, the entrant of an entry approved by then not mailed
 * yet) and says whether there was one. An entry approved later waits for the next publish, as the page does.
 * Each mail is claimed in the database before it is sent, so senders in several processes, or publishes at the
 * same moment, mail each entrant once. Winners and the rest get different
 * texts, each in the entrant's own locale. A send that fails is logged and keeps its claim: it is tried again
 * once the claim is stale, and the rest go out meanwhile; after the last try it is listed as failed. Unpublishing stops the mails still to go.
 */
export async function mailNextResult(ctx: AppContext, logError: (err: unknown) => void): Promise<boolean> {
  const snapshot = await readSnapshot(ctx.db);
  if (!snapshot?.publishedAt) return false;
  const now = Date.now();
  const staleBefore = nowIso(new Date(now - STALE_CLAIM_MS));
  const entrant = await nextUnmailedEntrant(ctx.db, snapshot.publishedAt, staleBefore);
  if (!entrant) return false;
  // Another sender took it first: on to the next one.
  const attempt = await claimMailing(ctx.db, entrant.id, nowIso(new Date(now)), staleBefore);
  if (!attempt) return true;
  const locale = isLocale(entrant.locale) ? entrant.locale : 'zh-CN';
  const award = snapshot.groups.flatMap((g) => g.winners).find((w) => w.entryId === entrant.id)?.award;
  try {
    const resultsUrl = `${ctx.config.publicUrl}/${locale}/results`;
    if (award) await sendMail(ctx, 'resultsWinner', entrant.email, locale, { entryTitle: entrant.title, award: award[locale], resultsUrl });
    else await sendMail(ctx, 'resultsEntrant', entrant.email, locale, { entryTitle: entrant.title, resultsUrl });
    await markMailed(ctx.db, entrant.id, nowIso());
  } catch (err) {
    logError(err);
    await markMailRefused(ctx.db, entrant.id, mailErrorText(err), givenUp(attempt) ? nowIso() : null);
  }
  return true;
}

/** Takes the page down again (the mails already sent stay sent). */
export async function unpublishResults(db: Db): Promise<ResultsState> {
  const previous = await readSnapshot(db);
  if (previous) await writeSetting(db, RESULTS_SETTING, { ...previous, publishedAt: null });
  return resultsState(db);
}

/** The public results in a locale; null before they are published (the page says they are coming). */
export async function publicResults(db: Db, locale: Locale): Promise<PublicResults | null> {
  const s = await readSnapshot(db);
  if (!s?.publishedAt) return null;
  return {
    publishedAt: s.publishedAt,
    groups: s.groups.map((g) => ({
      group: g.group,
      winners: g.winners.map(({ award, awardSort: _, titleEn, lang, title, ...w }) => {
        const shown = shownTitle({ title, titleEn: titleEn ?? null, locale: lang ?? DEFAULT_LOCALE }, locale);
        return { ...w, title: shown.title, titleLang: shown.lang, award: award[locale] };
      }),
    })),
  };
}

/**
 * Takes the team name and cover of erased entrants' entries out of the published results snapshot (their
 * title, number and award stay: the contest's record). Called inside the erasure's transaction.
 */
export async function forgetEntrantsInResults(db: Db, entryIds: number[]): Promise<void> {
  const snapshot = await readSnapshot(db);
  if (!snapshot || entryIds.length === 0) return;
  const erased = new Set(entryIds);
  const groups = snapshot.groups.map((g) => ({
    ...g,
    winners: g.winners.map((w) => (erased.has(w.entryId) ? { ...w, team: '', coverUrl: null } : w)),
  }));
  await writeSetting(db, RESULTS_SETTING, { ...snapshot, groups });
}
