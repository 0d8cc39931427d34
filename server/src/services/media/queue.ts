import type { MediaSettings } from '../../config';
import type { JobQueue } from '../../context';
import { databaseQueue } from './queue-database';

/**
 * The queue MEDIA_QUEUE names (the contract, JobQueue, is in context.ts). `redisPrefix` is the site's REDIS_PREFIX (config.ts): BullMQ's keys are `<prefix>:media-transcode:*`. */
export async function createJobQueue(settings: Pick<MediaSettings, 'queue'>, redisUrl: string | undefined, redisPrefix: string): Promise<JobQueue> {
  if (settings.queue === 'database') return databaseQueue();
  if (!redisUrl) throw new Error('MEDIA_QUEUE=bullmq needs REDIS_URL (the Redis that BullMQ keeps its jobs in)');
  // Loaded only when chosen: the embedded set-up never loads BullMQ.
  const { bullmqQueue } = await import('./queue-bullmq');
  return bullmqQueue(redisUrl, redisPrefix);
}
