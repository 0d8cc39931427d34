import { createHash } from 'node:crypto';
import { subnetOf } from '../../../services/gallery/subnet';

/**
 * The canonical text of a vote row and the hashes of the vote chain. Shared by the batch that writes a link
 * and by the verifier that recomputes it, so both read a row the same way. A row's text is a JSON array of
 * its columns in a fixed order (JSON escapes any separator a value could hold); a link's hash covers the
 * link before, its number and its rows' hashes in vote id order. A row's address enters as its network (/24,
 * /48): the privacy retention cuts old vote addresses to exactly that, which must not read as tampering; an
 * address moved within its own network is the one edit the chain does not tell.
 */
export type ChainedVote = {
  id: number;
  entry_id: number;
  voter_key: string;
  ip: string;
  slot: string;
  risk: number;
  signals: string | null;
  created_at: string;
};

/** The hash the first link names as the one before it. */
export const GENESIS_HASH = '0'.repeat(64);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function voteRowText(v: ChainedVote): string {
  return JSON.stringify([Number(v.id), Number(v.entry_id), v.voter_key, subnetOf(v.ip), v.slot, Number(v.risk), v.signals ?? null, v.created_at]);
}

export const voteRowHash = (v: ChainedVote): string => sha256(voteRowText(v));

export function linkHash(prevHash: string, batch: number, rowHashes: string[]): string {
  return sha256([prevHash, String(batch), ...rowHashes].join('\n'));
}

/** A new link over the votes of one batch (any order; hashed by vote id). */
export function makeLink(prev: { batch: number; hash: string } | undefined, votes: ChainedVote[]) {
  const batch = (prev?.batch ?? 0) + 1;
  const prevHash = prev?.hash ?? GENESIS_HASH;
  const rows = [...votes].sort((a, b) => a.id - b.id).map((v) => ({ vote_id: v.id, batch, row_hash: voteRowHash(v) }));
  return {
    batch,
    prevHash,
    hash: linkHash(
      prevHash,
      batch,
      rows.map((r) => r.row_hash),
    ),
    rows,
  };
}
