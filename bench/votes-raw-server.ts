import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { openDatabase } from '../server/src/db/database';
import { insertVote } from '../server/src/db/repos/gallery/votes';
import { subnetOf } from '../server/src/services/gallery/subnet';

/**
 * Baseline for the vote figure: plain node:http doing the same spend + insert + count + audit transaction
 * (db/repos/gallery/votes.ts insertVote) on the same database, with none of the product's checks
 * (signed cookie, blocklist, window, entry, proof-of-work check, difficulty, rate limit). What those cost is
 * the ratio. It spends a fresh random key as its challenge, so it writes what the app writes.
 */
const { db } = openDatabase(process.env.DATABASE_URL as string);
const server = http.createServer((req, res) => {
  const m = /^\/api\/gallery\/entries\/(\d+)\/vote$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !m) {
    res.writeHead(404).end();
    return;
  }
  req.resume();
  req.on('end', async () => {
    const voter = /mfc_voter=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? 'anonymous';
    const entryId = Number(m[1]);
    const ip = req.socket.remoteAddress ?? '';
    const at = new Date().toISOString();
    const count = await insertVote(
      db,
      { entryId, voterKey: voter, ip, subnet: subnetOf(ip), slot: `e:${entryId}:${voter}`, at },
      { signature: randomUUID(), expiresAt: at },
    );
    const body = JSON.stringify(
      count === null ? { code: 2015, msg: 'You have voted' } : { code: 0, msg: 'Vote Successfully', data: { entryId, voteCount: count } },
    );
    res.writeHead(count === null ? 409 : 200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('raw votes ready'));
// Exit normally on the bench's SIGTERM, so a CPU profile (BENCH_CPU_PROF) gets written.
process.on('SIGTERM', () => server.close(() => process.exit(0)));
