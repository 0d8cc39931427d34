import type { EntryGroup } from '../../../../common/constants';
import type { ChainHead, TransparencyEntry, TransparencyReport } from '../../../../common/vote-check';
import type { Db } from '../../db/database';
import { transparencyEntries } from '../../db/repos/entries/vote-counts';
import { voidsPerAction, votesPerEntry } from '../../db/repos/gallery/transparency';
import { chainHead } from '../../db/repos/gallery/vote-chain';
import { voidNote } from './public-void';
import { votingSettings } from './voting-settings';

/** The chain's head as the console and the public page show it. */
export async function currentChainHead(db: Db): Promise<ChainHead> {
  const head = await chainHead(db);
  return head ? { batch: Number(head.batch), hash: head.hash, at: head.created_at } : null;
}

/**
 * The public account of the vote, once voting has closed and the organiser published it: per approved entry
 * the votes cast, voided (per rule, with its reason) and counted, and the chain's head anyone can compare
 * with `npm run votes:verify`. Before that it says only that it is not published yet.
 */
export async function transparencyReport(db: Db, now = new Date()): Promise<TransparencyReport> {
  const settings = await votingSettings(db, now);
  if (!settings.closed || !settings.transparencyPublished) return { published: false, votingClosed: settings.closed };
  const [entries, cast, voids, chain] = await Promise.all([transparencyEntries(db), votesPerEntry(db), voidsPerAction(db), currentChainHead(db)]);
  const out: TransparencyEntry[] = entries.map((e) => {
    const mine = voids.filter((v) => v.entryId === e.id);
    const voided = mine.reduce((n, v) => n + v.count, 0);
    const total = cast.get(e.id) ?? 0;
    return {
      id: e.id,
      entryNo: e.entry_no,
      group: e.group as EntryGroup,
      title: e.title,
      cast: total,
      voided,
      counted: total - voided,
      voids: mine.map((v) => ({ ...voidNote(v.reason, v.at, v.rule), count: v.count })),
    };
  });
  const totals = out.reduce((t, e) => ({ cast: t.cast + e.cast, voided: t.voided + e.voided, counted: t.counted + e.counted }), {
    cast: 0,
    voided: 0,
    counted: 0,
  });
  return { published: true, votingClosed: true, entries: out, chain, totals };
}
