/**
 * Upload throughput on loopback: a 200 MB file through the real tus endpoint (credential, creation,
 * 16 MB PATCHes like the browser, the server's checks on completion) vs a plain file copy on the same disk.
 * Run: npx tsx bench/uploads.ts  (prints MB/s for each and the ratio).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tus from 'tus-js-client';
import { EMPOWER_MAX_BYTES_SETTING, PHASES_SETTING } from '../common/settings-keys';
import { buildApp } from '../server/src/app';
import { createContext } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config';
import { writeSetting } from '../server/src/db/repos/settings';
import { createSession } from '../server/src/services/auth/sessions';

const SIZE = 200 * 1024 * 1024;
const CHUNK = 16 * 1024 * 1024;
const MB = 1024 * 1024;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-bench-uploads-'));
  const ctx = await createContext(
    loadConfig({}, { dataDir, demoContent: false, databaseUrl: `sqlite:${path.join(dataDir, 'contest.sqlite')}`, logLevel: 'warn' }),
  );
  const app = await buildApp(ctx);
  try {
    const now = Date.now();
    await writeSetting(ctx.db, PHASES_SETTING, {
      submission: { start: new Date(now - 3_600_000).toISOString(), end: new Date(now + 3_600_000).toISOString() },
    });
    await writeSetting(ctx.db, EMPOWER_MAX_BYTES_SETTING, SIZE * 2);
    const user = await ctx.db
      .insertInto('users')
      .values({
        email: 'bench@example.test',
        password_hash: 'x',
        role: 'user',
        locale: 'en-US',
        verified_at: new Date().toISOString(),
        disabled_at: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await createSession(ctx.db, ctx.config, user.id);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // The source: a PDF signature (so the package check accepts it) followed by incompressible bytes.
    const source = path.join(dataDir, 'source.pdf');
    const out = fs.openSync(source, 'w');
    fs.writeSync(out, Buffer.from('%PDF-1.7\n'));
    for (let written = 9; written < SIZE; written += MB) fs.writeSync(out, randomBytes(Math.min(MB, SIZE - written)));
    fs.closeSync(out);

    // Plain copy on the same disk (the floor any upload path is compared with).
    let t0 = performance.now();
    fs.copyFileSync(source, path.join(dataDir, 'copy.pdf'));
    const copySeconds = (performance.now() - t0) / 1000;

    const newCredential = async () => {
      const res = await fetch(`${base}/api/uploads/credential`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ purpose: 'empower', name: 'source.pdf', size: SIZE, type: 'application/pdf' }),
      });
      return ((await res.json()) as { data: { credential: string } }).data.credential;
    };
    const credential = await newCredential();
    t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(fs.createReadStream(source), {
        endpoint: `${base}/api/uploads/tus`,
        uploadSize: SIZE,
        chunkSize: CHUNK,
        headers: { Authorization: `Bearer ${token}` },
        metadata: { credential, filename: 'source.pdf', purpose: 'empower' },
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    const tusSeconds = (performance.now() - t0) / 1000;
    const rows = await ctx.db.selectFrom('uploads').select(['status', 'size']).execute();
    if (rows.length !== 1 || rows[0]?.status !== 'ready' || rows[0]?.size !== SIZE) throw new Error(`upload not accepted: ${JSON.stringify(rows)}`);

    // The same server path without the client library: one streamed PATCH of the whole file.
    const created = await fetch(`${base}/api/uploads/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(SIZE),
        'upload-metadata': `credential ${Buffer.from(await newCredential()).toString('base64')}`,
      },
    });
    const location = created.headers.get('location') as string;
    t0 = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(SIZE),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      pipeline(fs.createReadStream(source), req).catch(reject);
    });
    const rawSeconds = (performance.now() - t0) / 1000;
    if (status !== 200) throw new Error(`raw PATCH answered ${status}`);

    const copyRate = SIZE / MB / copySeconds;
    const tusRate = SIZE / MB / tusSeconds;
    console.log(`uploads: 200 MB file, loopback, ${CHUNK / MB} MB chunks (${ctx.storage.kind} storage)`);
    console.log(`  plain file copy : ${copyRate.toFixed(0)} MB/s (${copySeconds.toFixed(2)} s)`);
    console.log(`  tus upload      : ${tusRate.toFixed(0)} MB/s (${tusSeconds.toFixed(2)} s)`);
    console.log(`  tus / copy      : ${(tusRate / copyRate).toFixed(2)}x`);
    console.log(`  one raw PATCH   : ${(SIZE / MB / rawSeconds).toFixed(0)} MB/s (${rawSeconds.toFixed(2)} s; same server path, no client library)`);
  } finally {
    await app.close();
    ctx.mailer.close();
    await ctx.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
