import type { Timeline } from '../../queries/votes';

const BUCKET_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** A bucket's label from the server ("2026-11-24T20:05", "…T20", "2026-11-24", UTC) as a time window. */
export function bucketWindow(at: string, bucket: Timeline['bucket']): [Date, Date] {
  const iso = at.length === 10 ? `${at}T00:00Z` : at.length === 13 ? `${at}:00Z` : `${at}Z`;
  const start = new Date(iso);
  return [start, new Date(start.getTime() + BUCKET_MS[bucket])];
}
