import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, DIALECTS, newEntrant, openSubmissions, solvedVote, startTestApp, submitEntry, type TestApp } from './factories';

/**
 * Metrics: /metrics refuses a scraper without the token, and shows the uploads and votes this test
 * has just made through the API (an entry submitted over tus, approved, voted for).
 */
const TOKEN = 'scrape-me-7d1f0a';

/** The value of one sample line (`name{labels} value`), 0 when the series does not exist yet. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe.each(DIALECTS)('metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { metricsToken: TOKEN });
  }, 120_000);
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('refuses a scrape without the token or with a wrong one (401, 9511)', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0000' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ url: '/metrics', headers: { ...headers, 'x-locale': 'en-US' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 9511, msg: 'Metrics token missing or wrong' });
      expect(res.body).not.toContain('microfilm_');
    }
  });

  it('shows the uploads and votes the test just made, requests by route, media jobs and the pool', async () => {
    const before = await scrape();
    const entry = await submitEntry(await newEntrant(t, await openSubmissions(t)));
    const admin = await createTestUser(t.ctx, { role: 'admin' });
    const approve = await t.app.inject({ method: 'POST', url: `/api/admin/entries/${entry.id}/approve`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(approve.statusCode).toBe(200);
    const vote = async (ip: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/gallery/entries/${entry.id}/vote`,
        remoteAddress: ip,
        payload: await solvedVote(t, ip),
        headers: cookie ? { cookie } : {},
      });
    const first = await vote('203.0.113.21');
    expect(first.json().code).toBe(0);
    expect((await vote('203.0.113.22')).json().code).toBe(0);
    const again = await vote('203.0.113.21', `mfc_voter=${first.cookies.find((c) => c.name === 'mfc_voter')?.value}`);
    expect(again.json().code).toBe(2015);
    const after = await scrape();

    const delta = (name: string, labels = '') => sample(after, name, labels) - sample(before, name, labels);
    const files = Object.values(entry.files);
    expect(delta('microfilm_uploads_started_total')).toBe(files.length);
    expect(delta('microfilm_uploads_finished_total', 'outcome="accepted"')).toBe(files.length);
    expect(delta('microfilm_upload_bytes_total')).toBe(files.reduce((sum, f) => sum + f.data.length, 0));
    expect(sample(after, 'microfilm_uploads_active')).toBe(0);
    expect(delta('microfilm_votes_total', 'outcome="accepted"')).toBe(2);
    expect(delta('microfilm_votes_total', 'outcome="VoteDuplicate"')).toBe(1);
    const voteRoute = 'method="POST",route="/api/gallery/entries/:id/vote",status="200"';
    expect(delta('microfilm_http_requests_total', voteRoute)).toBe(2);
    expect(delta('microfilm_http_request_duration_seconds_count', voteRoute)).toBe(2);
    // The submitted film's job (no worker runs in this test app) is counted in its state.
    const jobs = ['queued', 'running', 'done', 'failed'].map((s) => sample(after, 'microfilm_media_jobs', `state="${s}"`));
    expect(jobs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'microfilm_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    expect(delta('microfilm_mail_messages_total', 'result="sent"')).toBe(2); // the entry's confirmation, then its approval
  }, 120_000);
});
