import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { openDatabase } from '../server/src/db/database';
import { writeVoteBatch } from '../server/src/db/repos/gallery/vote-batch';
import { subnetOf } from '../server/src/services/gallery/subnet';
import { VoteBatcher } from '../server/src/services/gallery/vote-batcher';

/**
 * Baseline for the vote figure: plain node:http doing the same group-commit writes (spend + insert + count +
 * audit, db/repos/gallery/vote-batch.ts through services/gallery/vote-batcher.ts) on the same database,
 * with none of the product's checks (signed cookie, blocklist, window, proof-of-work check, difficulty,
 * counters, signals, rate limit). What those cost is the ratio. It spends a fresh random key as its
 * challenge, so it writes what the app writes.
 */
const { db, dialect } = openDatabase(process.env.DATABASE_URL as string);
const batcher = new VoteBatcher((votes, audits) => writeVoteBatch(db, dialect, votes, audits), 0);
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
    const outcome = await batcher.vote({
      row: { entryId, voterKey: voter, ip, subnet: subnetOf(ip), slot: `e:${entryId}:${voter}`, at },
      challenge: { signature: randomUUID(), expiresAt: at },
    });
    const count = outcome.kind === 'counted' ? outcome.count : null;
    const body = JSON.stringify(
      count === null ? { code: 2015, msg: 'You have voted' } : { code: 0, msg: 'Vote Successfully', data: { entryId, voteCount: count } },
    );
    res.writeHead(count === null ? 409 : 200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('raw votes ready'));
// Exit normally on the bench's SIGTERM, so a CPU profile (BENCH_CPU_PROF) gets written.
process.on('SIGTERM', () => server.close(() => process.exit(0)));
