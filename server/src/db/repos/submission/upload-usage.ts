import type { Db } from '../../database';

type Reader = Pick<Db, 'selectFrom'>;

/** What one account holds in uploads: how many are in progress, their declared bytes, and all its bytes. */
export type UploadUsage = { inProgress: number; bytesInProgress: number; bytesTotal: number };

export async function uploadUsage(db: Reader, userId: number): Promise<UploadUsage> {
  const rows = await db
    .selectFrom('uploads')
    .select((eb) => ['status', eb.fn.countAll().as('n'), eb.fn.sum<string | number>('size').as('bytes')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  const usage: UploadUsage = { inProgress: 0, bytesInProgress: 0, bytesTotal: 0 };
  for (const row of rows) {
    // PostgreSQL answers count and sum of a bigint as text.
    const bytes = Number(row.bytes ?? 0);
    usage.bytesTotal += bytes;
    if (row.status === 'uploading') {
      usage.inProgress += Number(row.n);
      usage.bytesInProgress += bytes;
    }
  }
  return usage;
}
