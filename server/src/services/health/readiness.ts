import type { AppContext } from '../../context';
import { databaseOutage } from '../../db/outage';
import { pingDatabase } from '../../db/repos/health';

/** A check slower than this counts as failed: a load balancer must not wait on a hanging database. */
export const CHECK_TIMEOUT_MS = 2_000;

async function passes(check: () => Promise<unknown>): Promise<{ ok: true } | { ok: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}

/** The database answers `select 1` in time. */
export async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  const result = await passes(() => pingDatabase(ctx.db));
  // A time-out is no query error, so the outage is recorded here too (logged once either way).
  if (!result.ok) databaseOutage(ctx.db).failed(result.error);
  return result.ok;
}

/** Redis answers PING in time. */
export async function redisAnswers(redis: { ping(): Promise<unknown> }): Promise<boolean> {
  return (await passes(() => redis.ping())).ok;
}
