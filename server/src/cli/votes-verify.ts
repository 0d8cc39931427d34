import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { databaseLabel } from '../db/migration-state';
import { type ChainBreak, verifyVoteChain } from '../services/gallery/vote-chain-verify';

/**
 * `npm run votes:verify`: recomputes the vote chain from the database and prints its head, or names the
 * first vote row that breaks it. Exit status 0 when the chain holds, 1 when it is broken or unreadable.
 */
const WHAT: Record<ChainBreak['kind'], string> = {
  edited: 'was edited after its batch was committed',
  deleted: 'was deleted (its batch recorded it)',
  inserted: 'was inserted outside any batch',
  link: 'is in a batch whose chain record was altered',
};

function describe(b: ChainBreak): string {
  const row = b.voteId === null ? 'A chain record' : `Vote row ${b.voteId}`;
  return `${row} ${WHAT[b.kind]}${b.batch === null ? '' : ` (batch ${b.batch})`}.`;
}

async function main(): Promise<number> {
  const config = loadConfig();
  console.log(`Database: ${databaseLabel(config.databaseUrl)}`);
  const { db } = openDatabase(config.databaseUrl);
  try {
    const check = await verifyVoteChain(db);
    if (check.ok) {
      console.log(`Vote chain intact: ${check.batches} batch(es), ${check.votes} vote(s).`);
      console.log(`Head: ${check.head ?? '(no votes yet)'}`);
      return 0;
    }
    console.error(`Vote chain BROKEN: ${describe(check.first)}`);
    if (check.breaks > 1) console.error(`${check.breaks - 1} more break(s) after it.`);
    return 1;
  } catch (err) {
    console.error(`Could not verify the vote chain: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
