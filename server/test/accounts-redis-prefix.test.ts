import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import type { MediaJob } from '../src/db/repos/media';
import { BULLMQ_QUEUE_NAME } from '../src/services/media/queue-bullmq';
import { createTestDatabase, registerBody, startTestApp, type TestApp, type TestDatabase, testContext } from './factories';

/**
 * Pen-test finding: rate-limit keys in Redis carried no prefix, so two sites on one Redis shared counters
 * (one site's visitors could lock the other's out). Every key the app writes now starts with REDIS_PREFIX
 * (default `microfilm`; MEDIA_QUEUE_PREFIX is its older name). The Redis parts run when TEST_REDIS_URL is
 * set, on prefixes and an address of their own per run, and remove their keys afterwards.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const run = randomBytes(4).toString('hex');
const PREFIX_A = `mfc-test-prefix-a-${run}`;
const PREFIX_B = `mfc-test-prefix-b-${run}`;
const address = `10.${randomInt(200, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
const EMAIL = `prefix-${run}@example.test`;
const LIMITS = loadConfig({ AUTH_LIMIT_LOGIN_IP: '3/15', AUTH_LIMIT_REGISTER_EMAIL: '1/60' }).auth;

/** Every key matching `pattern`, found with SCAN (never KEYS on a Redis others use). */
async function keysOf(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

async function deleteKeys(redis: Redis, pattern: string) {
  const keys = await keysOf(redis, pattern);
  if (keys.length) await redis.del(...keys);
}

describe('settings: REDIS_PREFIX', () => {
  it('defaults to microfilm, takes MEDIA_QUEUE_PREFIX as its older name, and REDIS_PREFIX wins over it', () => {
    expect(loadConfig({}).redisPrefix).toBe('microfilm');
    expect(loadConfig({ MEDIA_QUEUE_PREFIX: 'old-site' }).redisPrefix).toBe('old-site');
    expect(loadConfig({ REDIS_PREFIX: 'new-site', MEDIA_QUEUE_PREFIX: 'old-site' }).redisPrefix).toBe('new-site');
  });
});

describe.skipIf(!redisUrl)('rate limits of two sites on one Redis (sqlite; needs TEST_REDIS_URL)', () => {
  let siteA: TestApp;
  let siteB: TestApp;
  let siteA2: TestApp; // a second server of site A: same prefix
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(redisUrl as string);
    siteA = await startTestApp('sqlite', { redisUrl, redisPrefix: PREFIX_A, demoContent: false, auth: LIMITS });
    siteB = await startTestApp('sqlite', { redisUrl, redisPrefix: PREFIX_B, demoContent: false, auth: LIMITS });
    siteA2 = await startTestApp('sqlite', { redisUrl, redisPrefix: PREFIX_A, demoContent: false, auth: LIMITS });
  });
  afterAll(async () => {
    await siteA?.close();
    await siteB?.close();
    await siteA2?.close();
    await deleteKeys(redis, `${PREFIX_A}:*`);
    await deleteKeys(redis, `${PREFIX_B}:*`);
    // Unprefixed keys of this run's address and e-mail, had any store written them (it must not).
    await deleteKeys(redis, `*${address}*`);
    await deleteKeys(redis, `*acct:register:email:${createHash('sha256').update(EMAIL).digest('hex')}`);
    await redis.quit();
  });

  const login = (t: TestApp) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { email: `nobody-${run}@example.test`, password: 'Wr0ng!pass' } });
  const register = async (t: TestApp, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `192.0.2.${randomInt(1, 250)}`,
      payload: await registerBody(t, { email, password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }),
    });

  it('one site using up an address limit and an e-mail limit does not make the other site refuse', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await login(siteA)).json().code);
    expect(codes).toEqual([1005, 1005, 1005, 1102]);
    expect((await login(siteB)).json().code).toBe(1005);

    expect((await register(siteA, EMAIL)).json().data?.messageCode).toBe(2011);
    expect((await register(siteA, EMAIL)).json().code).toBe(1103);
    expect((await register(siteB, EMAIL)).json().data?.messageCode).toBe(2011);

    const keysA = await keysOf(redis, `${PREFIX_A}:*`);
    expect(keysA.some((k) => k.endsWith(`acct:login:ip:${address}`))).toBe(true);
    expect(keysA.some((k) => k.includes('acct:register:email:'))).toBe(true);
    expect((await keysOf(redis, `${PREFIX_B}:*`)).some((k) => k.endsWith(`acct:login:ip:${address}`))).toBe(true);
  });

  it('two servers of the same site (same prefix) do share the counters', async () => {
    expect((await login(siteA2)).json().code).toBe(1102);
    expect((await register(siteA2, EMAIL)).json().code).toBe(1103);
  });
});

describe.skipIf(!redisUrl)('the BullMQ media queue under REDIS_PREFIX (sqlite; needs TEST_REDIS_URL)', () => {
  const opened: { ctx: AppContext; db: TestDatabase }[] = [];
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl as string);
  });
  afterAll(async () => {
    for (const { ctx, db } of opened) {
      await ctx.mediaQueue.close();
      ctx.mailer.close();
      await ctx.db.destroy();
      await db.drop();
    }
    for (const prefix of [`${PREFIX_A}-media`, `${PREFIX_B}-media`]) await deleteKeys(redis, `${prefix}:*`);
    await redis.quit();
  });

  /** Queues entry 1 on a site started with `env`; returns where BullMQ keeps it. */
  async function queueOne(env: NodeJS.ProcessEnv) {
    const db = await createTestDatabase('sqlite');
    // The prefix as the settings read it from these variables; everything else as in every test context.
    const redisPrefix = loadConfig(env).redisPrefix;
    const ctx = await testContext(db, { demoContent: false, redisUrl, redisPrefix, media: { queue: 'bullmq' } });
    opened.push({ ctx, db });
    await ctx.mediaQueue.enqueue({ entry_id: 1, max_attempts: 1 } as MediaJob, loadConfig({}).media);
  }

  async function stateUnder(prefix: string) {
    const connection = new Redis(redisUrl as string);
    const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix });
    try {
      return await queue.getJobState('entry-1');
    } finally {
      await queue.close();
      await connection.quit();
    }
  }

  it('keeps its jobs under REDIS_PREFIX, and under MEDIA_QUEUE_PREFIX when only the older name is set', async () => {
    await queueOne({ REDIS_PREFIX: `${PREFIX_A}-media` });
    expect(await stateUnder(`${PREFIX_A}-media`)).toBe('waiting');
    expect((await keysOf(redis, `${PREFIX_A}-media:${BULLMQ_QUEUE_NAME}:*`)).length).toBeGreaterThan(0);

    await queueOne({ MEDIA_QUEUE_PREFIX: `${PREFIX_B}-media` });
    expect(await stateUnder(`${PREFIX_B}-media`)).toBe('waiting');
  });
});
