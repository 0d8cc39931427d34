import { sql } from 'kysely';
import type { Db } from '../database';

/** The cheapest round trip to the database: answers when it is reachable and serving queries. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
