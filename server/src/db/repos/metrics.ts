import type { Db } from '../database';

/** SQL behind the metrics endpoint's gauges, read at each scrape. */

/** How many media jobs are in each state (queued, running, done, failed). */
export async function countMediaJobsByStatus(db: Db): Promise<{ status: string; n: number }[]> {
  const rows = await db
    .selectFrom('media_jobs')
    .select(['status', db.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}
