import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_SETTING } from '../../common/settings-keys';
import { writeSetting } from '../src/db/repos/settings';
import { forgetVotingSettings } from '../src/services/gallery/voting-settings';
import { freePort, newEntrant, openSubmissions, startTestApp, type TestApp } from './factories';

/**
 * The deployment recipe, run: Debian's nginx with the site file from deploy/nginx/contest.conf (only its
 * names, ports and certificate paths replaced), real TLS with a self-signed certificate, and the app behind
 * it with TRUST_PROXY=1 as deploy/contest.env.example sets it. A page, HTTP/2, a film larger than 200 MB
 * through the resumable upload in the browser's 16 MB chunks, and the vote budget keyed on the address
 * nginx saw (each visitor connects from its own loopback address and forges X-Forwarded-For).
 * CI installs nginx; elsewhere the drill is skipped when nginx is missing.
 */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const root = path.resolve(import.meta.dirname, '../..');
const CHUNK = 16 * 1024 * 1024;
const FILM_BYTES = 210 * 1024 * 1024;

if (!NGINX && process.env.CI) throw new Error('nginx is missing: .ci/run installs it (apt-get install nginx-light)');

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

describe.skipIf(!NGINX)('behind nginx as deploy/ sets it up', () => {
  let t: TestApp;
  let dir: string;
  let nginx: ChildProcess;
  let tlsPort: number;
  let plainPort: number;
  let ca: Buffer;

  /** One HTTPS request to nginx from a chosen loopback address (the visitor nginx sees). */
  const request = (method: string, url: string, opts: { from?: string; headers?: Record<string, string>; body?: Buffer | string } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: tlsPort,
          path: url,
          method,
          ca,
          servername: 'contest.example.com',
          localAddress: opts.from,
          headers: opts.headers,
          agent: false,
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }));
        },
      );
      req.on('error', reject);
      req.end(opts.body);
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-nginx-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=contest.example.com',
        '-addext',
        'subjectAltName=DNS:contest.example.com',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    ca = fs.readFileSync(path.join(dir, 'cert.pem'));

    t = await startTestApp('sqlite', { demoContent: false, trustProxy: 1 });
    const base = await openSubmissions(t);
    const appPort = Number(new URL(base).port);
    tlsPort = await freePort();
    plainPort = await freePort();

    // The recipe itself, with this machine's ports and files; each replacement must find its line.
    let site = fs.readFileSync(path.join(root, 'deploy/nginx/contest.conf'), 'utf8');
    const replace = (from: string | RegExp, to: string) => {
      expect(site, `deploy/nginx/contest.conf has ${from}`).toMatch(from);
      site = site.replace(from, to);
    };
    replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`);
    replace(/listen \[::\]:80;\n/, '');
    replace(/listen \[::\]:443 ssl http2;\n/, '');
    replace('listen 80;', `listen 127.0.0.1:${plainPort};`);
    replace('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`);
    replace('/etc/letsencrypt/live/contest.example.com/fullchain.pem', path.join(dir, 'cert.pem'));
    replace('/etc/letsencrypt/live/contest.example.com/privkey.pem', path.join(dir, 'key.pem'));
    fs.writeFileSync(path.join(dir, 'contest.conf'), site);
    // The main file Debian ships, reduced to what a test needs: one process (no user switch), files in `dir`.
    const temp = (name: string) => path.join(dir, name);
    fs.writeFileSync(
      temp('nginx.conf'),
      `daemon off;\nmaster_process off;\npid ${temp('nginx.pid')};\nerror_log ${temp('error.log')} warn;\nevents { worker_connections 512; }\n` +
        `http {\n  access_log ${temp('access.log')};\n  client_body_temp_path ${temp('body')};\n  proxy_temp_path ${temp('proxy')};\n` +
        `  fastcgi_temp_path ${temp('fastcgi')};\n  uwsgi_temp_path ${temp('uwsgi')};\n  scgi_temp_path ${temp('scgi')};\n  include ${temp('contest.conf')};\n}\n`,
    );
    const args = ['-p', dir, '-e', temp('error.log'), '-c', temp('nginx.conf')];
    execFileSync(NGINX as string, ['-t', ...args], { stdio: 'pipe' });
    nginx = spawn(NGINX as string, args, { stdio: 'ignore' });
    await waitForPort(tlsPort);
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves pages over TLS with HTTP/2, and sends plain HTTP to HTTPS', async () => {
    const page = await request('GET', '/en-US/home');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=/);

    const session = http2.connect(`https://127.0.0.1:${tlsPort}`, { ca, servername: 'contest.example.com' });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/livez' });
        stream.on('response', (h) => resolve(Number(h[':status'])));
        stream.on('error', reject);
        stream.resume();
      });
      expect(status).toBe(200);
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }

    const plain = await new Promise<{ status: number; location: string }>((resolve, reject) => {
      const sock = net.connect(plainPort, '127.0.0.1', () => sock.end('GET /gallery HTTP/1.1\r\nHost: contest.example.com\r\nConnection: close\r\n\r\n'));
      let text = '';
      sock.on('data', (d) => {
        text += d.toString();
      });
      sock.on('end', () => resolve({ status: Number(text.split(' ')[1]), location: /location: (\S+)/i.exec(text)?.[1] ?? '' }));
      sock.on('error', reject);
    });
    expect(plain).toEqual({ status: 301, location: 'https://contest.example.com/gallery' });
  });

  it(`takes a ${FILM_BYTES / 1024 ** 2} MB film through the resumable upload in 16 MB chunks, streamed, not buffered`, async () => {
    const film = bigFilm(dir);
    expect(film.length).toBeGreaterThanOrEqual(200 * 1024 * 1024);
    const entrant = await newEntrant(t, '');
    const auth = { authorization: `Bearer ${entrant.token}`, 'x-locale': 'en-US' };
    const cred = await request('POST', '/api/uploads/credential', {
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ purpose: 'video', name: 'film.ts', size: film.length, type: 'video/mp2t' }),
    });
    expect(cred.status, cred.body).toBe(200);
    const credential = JSON.parse(cred.body).data.credential as string;
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const created = await request('POST', '/api/uploads/tus', {
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(film.length),
        'upload-metadata': `credential ${b64(credential)},filename ${b64('film.ts')}`,
      },
    });
    expect(created.status, created.body).toBe(201);
    const location = new URL(String(created.headers.location), 'https://contest.example.com').pathname;

    let last: Answer | undefined;
    for (let offset = 0; offset < film.length; offset += CHUNK) {
      last = await request('PATCH', location, {
        headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: film.subarray(offset, offset + CHUNK),
      });
      if (offset + CHUNK < film.length) expect(last.status, last.body).toBe(204);
    }
    expect(last?.status, last?.body).toBe(200);
    expect(JSON.parse(last?.body ?? '{}').code).toBe(0);
    // proxy_request_buffering off: nginx handed every chunk on as it came; buffering one to disk logs a warning.
    expect(fs.readFileSync(path.join(dir, 'error.log'), 'utf8')).not.toMatch(/buffered to a temporary file/);
  }, 300_000);

  it('keys the vote budget on the address nginx saw, whatever the visitor writes in X-Forwarded-For', async () => {
    await writeSetting(t.ctx.db, RATE_SETTING, 2);
    forgetVotingSettings(t.ctx.db);
    const vote = (from: string, forged: string) =>
      request('POST', '/api/gallery/entries/1/vote', { from, headers: { 'content-type': 'application/json', 'x-forwarded-for': forged }, body: '{}' });
    const alice = [await vote('127.0.0.5', '192.0.2.1'), await vote('127.0.0.5', '192.0.2.2'), await vote('127.0.0.5', '192.0.2.3')];
    expect(alice.map((r) => r.status === 429)).toEqual([false, false, true]);
    const bob = await vote('127.0.0.6', '192.0.2.1');
    expect(bob.status).not.toBe(429);
    // nginx's own log names the two visitors it saw: the app's budget followed them, not the forged header.
    // (A line is written as nginx finishes the request, which can be just after the answer arrived.)
    const seen = async () => {
      for (let i = 0; i < 50; i += 1) {
        const lines = fs
          .readFileSync(path.join(dir, 'access.log'), 'utf8')
          .split('\n')
          .filter((l) => l.includes('/vote'));
        if (lines.length >= 4) return [...new Set(lines.map((l) => l.split(' ')[0]))].sort();
        await new Promise((r) => setTimeout(r, 100));
      }
      return [];
    };
    expect(await seen()).toEqual(['127.0.0.5', '127.0.0.6']);
  });
});

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not open port ${port}`);
}

/** A real MPEG-TS film padded to a constant 110 Mbit/s, so 16 seconds make more than 200 MB (about a second to make). */
function bigFilm(dir: string): Buffer {
  const file = path.join(dir, 'film.ts');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1920x1080:rate=25',
    '-t',
    '16',
    '-c:v',
    'mpeg2video',
    '-b:v',
    '104M',
    '-minrate',
    '104M',
    '-maxrate',
    '104M',
    '-bufsize',
    '20M',
    '-muxrate',
    '110M',
    '-f',
    'mpegts',
    file,
  ]);
  return fs.readFileSync(file);
}
