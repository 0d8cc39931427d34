import { beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../src/services/privacy/retention';
import { DIALECTS, useTestApp } from './factories';
import { runVerify, type VoteCheck, voteCheck } from './helpers/vote-check';

/**
 * The tamper-evident record: every committed batch of votes is a link of a SHA-256 chain. Votes go through the
 * vote endpoint (several batches), `npm run votes:verify` runs as a child process against the database, and
 * the console shows the same head. A void does not break the chain; an edited, a deleted and an inserted vote
 * row each make the CLI name that row and exit 1.
 */
describe.each(DIALECTS)('vote chain on %s', (dialect) => {
  const t = useTestApp(dialect, { demoContent: false }, { timeout: 120_000 });
  let vc: VoteCheck;
  let entryId: number;
  const ids = async () => (await t.ctx.db.selectFrom('votes').select('id').orderBy('id').execute()).map((r) => r.id);

  beforeAll(async () => {
    vc = await voteCheck(t);
    entryId = await vc.submitApproved();
    await vc.openVoting();
    // One after another (a batch each), then four at once (they may share a batch).
    for (let i = 1; i <= 3; i++) await vc.vote(entryId, `198.51.100.${i}`);
    await Promise.all([10, 11, 12, 13].map((i) => vc.vote(entryId, `203.0.113.${i}`, 'curl/8.0')));
  }, 120_000);

  it('links every batch to the one before and shows the head in the console', async () => {
    const links = await t.ctx.db.selectFrom('vote_chain').selectAll().orderBy('batch').execute();
    expect(links.length).toBeGreaterThanOrEqual(4);
    expect(links.reduce((n, l) => n + Number(l.votes), 0)).toBe(7);
    expect(links[0]?.prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < links.length; i++) expect(links[i]?.prev_hash).toBe(links[i - 1]?.hash);
    const state = (await vc.admin('GET', '/api/admin/votes/transparency')).json().data;
    expect(state.chain).toMatchObject({ batch: links.length, hash: links.at(-1)?.hash });
  });

  it('verifies, and a void by rule does not break it', async () => {
    const rule = { entryId, from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString(), cidr: '203.0.113.0/24' };
    expect((await vc.admin('POST', '/api/admin/votes/rule/void', { rule, reason: 'burst' })).json().data.count).toBe(4);
    const run = await runVerify(t);
    expect(run.code, run.stderr).toBe(0);
    const head = (await t.ctx.db.selectFrom('vote_chain').select('hash').orderBy('batch', 'desc').limit(1).executeTakeFirstOrThrow()).hash;
    expect(run.stdout).toContain('Vote chain intact');
    expect(run.stdout).toContain('7 vote(s)');
    expect(run.stdout).toContain(head);
  });

  it('holds when the privacy retention cuts old addresses to their network', async () => {
    const cut = await applyRetention(t.ctx, Date.now() + 400 * 86_400_000);
    expect(cut.cutAddresses).toBeGreaterThanOrEqual(7);
    expect((await t.ctx.db.selectFrom('votes').select('ip').execute()).every((v) => v.ip.includes('/'))).toBe(true);
    const run = await runVerify(t);
    expect(run.code, run.stderr).toBe(0);
  });

  it('names an edited vote row', async () => {
    const target = (await ids())[1] as number;
    const before = await t.ctx.db.selectFrom('votes').select(['entry_id', 'ip']).where('id', '=', target).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('votes').set({ ip: '192.0.2.0/24' }).where('id', '=', target).execute();
    const run = await runVerify(t);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Vote row ${target} was edited`);
    // Undone (the original address put back): intact again.
    await t.ctx.db.updateTable('votes').set({ ip: before.ip }).where('id', '=', target).execute();
    const again = await runVerify(t);
    expect(again.code, again.stderr).toBe(0);
    expect(before.entry_id).toBe(entryId);
  });

  it('names a deleted vote row', async () => {
    const target = (await ids())[2] as number;
    const row = await t.ctx.db.selectFrom('votes').selectAll().where('id', '=', target).executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('votes').where('id', '=', target).execute();
    const run = await runVerify(t);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Vote row ${target} was deleted`);
    await t.ctx.db.insertInto('votes').values(row).execute();
    expect((await runVerify(t)).code).toBe(0);
  });

  it('names an inserted vote row', async () => {
    const inserted = await t.ctx.db
      .insertInto('votes')
      .values({
        entry_id: entryId,
        voter_key: 'forged',
        ip: '192.0.2.9',
        slot: `e:${entryId}:forged`,
        risk: 0,
        signals: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = await runVerify(t);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Vote row ${inserted.id} was inserted`);
    await t.ctx.db.deleteFrom('votes').where('id', '=', inserted.id).execute();
    expect((await runVerify(t)).code).toBe(0);
  });
});
