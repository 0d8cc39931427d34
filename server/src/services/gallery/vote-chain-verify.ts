import type { Db } from '../../db/database';
import { chainedVotes, chainLinks, chainRows } from '../../db/repos/gallery/vote-chain';
import { GENESIS_HASH, linkHash, voteRowHash } from '../../db/repos/gallery/vote-chain-text';

/**
 * Recomputes the vote chain from the database: every vote row against the hash its batch recorded, every
 * recorded row against a vote that still exists, every link against the one before it. The first break in
 * vote id order is named: an edited row (its hash differs), a deleted one (recorded, gone), an inserted one
 * (a vote no batch wrote), or a link whose record was altered. Voids live in their own table and are not
 * read here, so voiding and restoring never break the chain.
 */
export type ChainBreak = { kind: 'edited' | 'deleted' | 'inserted' | 'link'; voteId: number | null; batch: number | null };
export type ChainCheck =
  | { ok: true; batches: number; votes: number; head: string | null }
  | { ok: false; batches: number; votes: number; first: ChainBreak; breaks: number };

export async function verifyVoteChain(db: Db): Promise<ChainCheck> {
  const [links, rows, votes] = await Promise.all([chainLinks(db), chainRows(db), chainedVotes(db)]);
  const rowOf = new Map(rows.map((r) => [Number(r.vote_id), r]));
  const voteIds = new Set(votes.map((v) => Number(v.id)));
  const breaks: ChainBreak[] = [];
  for (const v of votes) {
    const row = rowOf.get(Number(v.id));
    if (!row) breaks.push({ kind: 'inserted', voteId: Number(v.id), batch: null });
    else if (row.row_hash !== voteRowHash(v)) breaks.push({ kind: 'edited', voteId: Number(v.id), batch: Number(row.batch) });
  }
  for (const r of rows) if (!voteIds.has(Number(r.vote_id))) breaks.push({ kind: 'deleted', voteId: Number(r.vote_id), batch: Number(r.batch) });

  const byBatch = new Map<number, string[]>();
  const firstVote = new Map<number, number>();
  for (const r of rows) {
    const b = Number(r.batch);
    byBatch.set(b, [...(byBatch.get(b) ?? []), r.row_hash]);
    if (!firstVote.has(b)) firstVote.set(b, Number(r.vote_id));
  }
  let prev = GENESIS_HASH;
  links.forEach((link, i) => {
    const batch = Number(link.batch);
    const hashes = byBatch.get(batch) ?? [];
    const intact = batch === i + 1 && link.prev_hash === prev && link.hash === linkHash(prev, batch, hashes) && Number(link.votes) === hashes.length;
    if (!intact) breaks.push({ kind: 'link', voteId: firstVote.get(batch) ?? null, batch });
    prev = link.hash;
  });
  // Rows recorded under a batch that has no link: the record itself was altered.
  for (const [batch, first] of firstVote) if (!links.some((l) => Number(l.batch) === batch)) breaks.push({ kind: 'link', voteId: first, batch });

  if (breaks.length === 0) return { ok: true, batches: links.length, votes: votes.length, head: links.at(-1)?.hash ?? null };
  const order = (b: ChainBreak) => b.voteId ?? Number.MAX_SAFE_INTEGER;
  breaks.sort((a, b) => order(a) - order(b));
  return { ok: false, batches: links.length, votes: votes.length, first: breaks[0] as ChainBreak, breaks: breaks.length };
}
