import type { EntryGroup } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import { assertNever } from '../../../../common/exhaustive';
import { entryUrl, type GalleryEntryDetail, type GalleryPage, type GallerySort, type VoterMode } from '../../../../common/gallery';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { findApproved, listApproved, neighbours } from '../../db/repos/entries/repository';
import { slotTaken } from '../../db/repos/gallery/votes';
import { findJobByEntry } from '../../db/repos/media';
import { entryUpload } from '../../db/repos/submission/uploads';
import { AppError } from '../../errors';
import { pageWindow } from '../content/paging';
import { galleryCard, galleryEntry } from '../entries/presenter';
import { captionsPath } from './captions';
import { countsShown, showCounts } from './count-display';
import { wechatVoter } from './voter-wechat';
import { voteSlot, votingSettings } from './voting-settings';

/** The approved entries in the reader's locale (their titles), or none while the gallery has not opened yet (then `opensAt`, the start of voting). */
export async function listGallery(
  db: Db,
  q: { page?: number; pageSize?: number; group?: EntryGroup; q?: string; sort?: GallerySort },
  locale: Locale,
): Promise<GalleryPage> {
  const w = pageWindow(q);
  const settings = await votingSettings(db);
  const { open, opensAt } = settings.gallery;
  const base = { page: w.page, pageSize: w.pageSize, voterMode: settings.voterMode, opensAt, notYetOpen: !open };
  if (!open) return { ...base, counts: countsShown(settings), items: [], total: 0 };
  // Ordered by votes, the order itself would tell hidden counts (or today's delayed ones): entry number then.
  const sort = q.sort === 'votes' && countsShown(settings).display !== 'live' ? 'number' : (q.sort ?? 'newest');
  const { items, total } = await listApproved(db, { group: q.group, q: q.q, sort, offset: w.offset, limit: w.limit });
  const shown = await showCounts(
    db,
    settings,
    items.map((row) => galleryCard(row, locale)),
  );
  return { ...base, counts: shown.counts, items: shown.rows, total };
}

export type EntryView = { publicUrl: string; locale: Locale; timeZone: string };
/** Who the visitor is, as far as the request tells: cookie key, signed-in account, WeChat identity (its cookie). */
export type Voter = { voterKey?: string; userId?: number; wechatId?: string };

/** The key this visitor votes under in a mode, or undefined when the request cannot tell (an e-mail voter is only known with a code). */
function voterKeyIn(mode: VoterMode, voter: Voter): string | undefined {
  switch (mode) {
    case 'anonymous':
      return voter.voterKey;
    // A mailed or texted code proves the voter only when they vote; the page cannot tell them apart before.
    case 'email':
    case 'phone':
      return undefined;
    case 'account':
      return voter.userId === undefined ? undefined : `u:${voter.userId}`;
    case 'wechat':
      return voter.wechatId === undefined ? undefined : wechatVoter(voter.wechatId).voterKey;
    default:
      return assertNever(mode, 'voter mode');
  }
}

/**
 * One approved entry (2100 otherwise) with its neighbours, as every visitor sees it: `voted` is false here,
 * `votedFor` says it for one visitor. Kept apart so the public part can be served from memory.
 */
export async function publicGalleryEntry(db: Db, id: number, view: EntryView, now = new Date()): Promise<GalleryEntryDetail> {
  const [row, settings] = await Promise.all([findApproved(db, id), votingSettings(db, now)]);
  if (!row) throw new AppError(Code.EntryNotFound);
  if (!settings.gallery.open) throw new AppError(Code.GalleryNotOpen);
  const [around, job, subtitles] = await Promise.all([neighbours(db, row.entry_no), findJobByEntry(db, id), entryUpload(db, id, 'subtitles')]);
  const shown = await showCounts(db, settings, [galleryEntry(row, job, view.locale)], now);
  return {
    ...(shown.rows[0] as ReturnType<typeof galleryEntry>),
    counts: shown.counts,
    captionsUrl: subtitles ? captionsPath(id) : null,
    ...around,
    voted: false,
    votingOpen: settings.open,
    voterMode: settings.voterMode,
    shareUrl: entryUrl(view.publicUrl, view.locale, id),
  };
}

/**
 * Who this visitor is as a voter, in the organiser's mode: the cookie's key, the account's, or nobody yet (an
 * e-mail or phone voter is only known when the code is given).
 */
/** Whether this visitor already voted for the entry under the current rule (false when they cannot be told apart). */
export async function votedFor(db: Db, id: number, voter: Voter, timeZone: string, now = new Date()): Promise<boolean> {
  if (voter.voterKey === undefined && voter.userId === undefined && voter.wechatId === undefined) return false;
  const settings = await votingSettings(db, now);
  const key = voterKeyIn(settings.voterMode, voter);
  return key ? slotTaken(db, voteSlot(settings.rule, id, key, now, timeZone)) : false;
}

/** One approved entry (2100 otherwise), with neighbours and whether this voter already voted. */
export async function getGalleryEntry(db: Db, id: number, view: EntryView & Voter, now = new Date()): Promise<GalleryEntryDetail> {
  const entry = await publicGalleryEntry(db, id, view, now);
  return { ...entry, voted: await votedFor(db, id, view, view.timeZone, now) };
}
