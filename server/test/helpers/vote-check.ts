import { execFile } from 'node:child_process';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestUser, newEntrant, openSubmissions, solvedVote, submitEntry, type TestApp } from '../factories';

/**
 * The set-up of the "vote anyone can check" suites, all through the product: an organiser, entries submitted
 * through the API and approved in the console, voting opened (and closed) with the console's phase route,
 * votes cast through the vote endpoint with solved challenges.
 */
export type VoteCheck = {
  admin: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  submitApproved: () => Promise<number>;
  openVoting: () => Promise<void>;
  closeVoting: () => Promise<void>;
  vote: (entryId: number, ip: string, ua?: string) => Promise<{ receipt: string; voteCount: number | null }>;
};

const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

export async function voteCheck(t: TestApp): Promise<VoteCheck> {
  const { token } = await createTestUser(t.ctx, { role: 'admin' });
  const admin: VoteCheck['admin'] = (method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'x-locale': 'en-US' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const phase = async (voting: { start: string; end: string }) => {
    const res = await admin('PUT', '/api/admin/phases/voting', voting);
    expect(res.json().code, res.body).toBe(0);
  };
  let base: string | undefined;
  return {
    admin,
    async submitApproved() {
      base ??= await openSubmissions(t);
      const id = (await submitEntry(await newEntrant(t, base))).id;
      const res = await admin('POST', `/api/admin/entries/${id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      return id;
    },
    openVoting: () => phase({ start: at(-DAY), end: at(DAY) }),
    closeVoting: () => phase({ start: at(-2 * DAY), end: at(-1000) }),
    async vote(entryId, ip, ua = 'Mozilla/5.0 Chrome/120') {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/gallery/entries/${entryId}/vote`,
        remoteAddress: ip,
        headers: { 'user-agent': ua, 'x-locale': 'en-US' },
        payload: await solvedVote(t, ip),
      });
      expect(res.json().code, res.body).toBe(0);
      return res.json().data;
    },
  };
}

export type CliRun = { code: number; stdout: string; stderr: string };

/** `npm run votes:verify` as an organiser runs it: a child process reading DATABASE_URL. */
export function runVerify(t: TestApp): Promise<CliRun> {
  const cli = path.join('server', 'src', 'cli', 'votes-verify.ts');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli],
      { env: { ...process.env, DATA_DIR: t.db.dataDir, DATABASE_URL: t.db.url, REDIS_URL: '', DEMO_CONTENT: 'false' }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}
