import type { Generated } from 'kysely';

/**
 * One transcoding job per entry film (the media pipeline).
 * - status: 'queued' | 'running' | 'done' | 'failed'.
 * - locked_by / locked_until: the lease of the worker running it; an expired lease means the worker died
 *   and the job may be claimed again. attempts counts claims; next_run_at delays a retry (back-off).
 * - output: the generated folder name under DATA_DIR/media/renditions once done; urls point into it.
 */
export type MediaJobsTable = {
  id: Generated<number>;
  entry_id: number;
  source_path: string;
  status: string;
  attempts: number;
  max_attempts: number;
  next_run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  progress: number;
  last_error: string | null;
  output: string | null;
  hls_url: string | null;
  mp4_url: string | null;
  poster_url: string | null;
  preview_url: string | null;
  duration: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

export type MediaTables = { media_jobs: MediaJobsTable };
