import type { Paged } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import { type AuditFilter, busyAddresses, findVoid, findVote, insertAuditLine, insertVoid, listAudit, votesOfAddressSince } from '../../db/repos/console/votes';
import { decrementCount, entryVoteCount, entryVoteTallies } from '../../db/repos/entries/vote-counts';
import { AppError } from '../../errors';
import { pageWindow } from '../content/paging';

export async function totalsPerEntry(db: Db) {
  return (await entryVoteTallies(db)).map((r) => ({
    id: r.id,
    entryNo: r.entry_no,
    title: r.title,
    count: r.vote_count,
    voteRows: Number(r.vote_rows ?? 0),
    voided: Number(r.voided ?? 0),
  }));
}

export async function auditLog(db: Db, f: AuditFilter & { page?: number; pageSize?: number }): Promise<Paged<Record<string, unknown>>> {
  const w = pageWindow({ page: f.page, pageSize: f.pageSize });
  const { rows, total } = await listAudit(db, f, w.offset, w.limit);
  return {
    items: rows.map((r) => ({ id: r.id, entryId: r.entry_id, voterKey: r.voter_key, ip: r.ip, outcome: r.outcome, createdAt: r.created_at })),
    total,
    page: w.page,
    pageSize: w.pageSize,
  };
}

/**
 * Evidence for "are these votes real?" over the last `hours`: addresses with many votes (and how many
 * distinct voters came from each), and runs of votes from one address less than `gapSeconds` apart.
 */
export async function suspicious(db: Db, opts: { hours: number; minVotes: number; gapSeconds: number }, now = new Date()) {
  const since = new Date(now.getTime() - opts.hours * 3_600_000).toISOString();
  const addresses = (await busyAddresses(db, since, opts.minVotes)).map((r) => ({
    ip: r.ip,
    votes: Number(r.votes),
    voters: Number(r.voters),
    firstAt: String(r.first_at),
    lastAt: String(r.last_at),
  }));
  const rapid: { ip: string; voteIds: number[]; firstAt: string; lastAt: string }[] = [];
  let run: { ip: string; ids: number[]; first: string; last: string } | null = null;
  const flush = () => {
    if (run && run.ids.length >= 3) rapid.push({ ip: run.ip, voteIds: run.ids, firstAt: run.first, lastAt: run.last });
  };
  for (const v of await votesOfAddressSince(db, since)) {
    const close = run && run.ip === v.ip && new Date(v.created_at).getTime() - new Date(run.last).getTime() <= opts.gapSeconds * 1000;
    if (run && close) {
      run.ids.push(v.id);
      run.last = v.created_at;
    } else {
      flush();
      run = { ip: v.ip, ids: [v.id], first: v.created_at, last: v.created_at };
    }
  }
  flush();
  return { since, addresses, rapid: rapid.slice(0, 100) };
}

/** Voids one vote: the void, the lower count and the audit line are written together or not at all. */
export async function voidVote(ctx: AppContext, voteId: number, adminId: number, reason: string): Promise<{ entryId: number; count: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const vote = await findVote(trx, voteId);
    if (!vote) throw new AppError(Code.NotFound);
    if (await findVoid(trx, voteId)) throw new AppError(Code.VoteAlreadyVoided);
    const now = nowIso();
    await insertVoid(trx, { vote_id: vote.id, entry_id: vote.entry_id, admin_id: adminId, reason, created_at: now });
    await decrementCount(trx, vote.entry_id);
    await insertAuditLine(trx, { entry_id: vote.entry_id, voter_key: vote.voter_key, ip: vote.ip, outcome: 'voided', created_at: now });
    return { entryId: vote.entry_id, count: await entryVoteCount(trx, vote.entry_id) };
  });
}
