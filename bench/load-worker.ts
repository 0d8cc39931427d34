import { sign } from '@fastify/cookie';
import { createChallenge } from 'altcha-lib/v1';
import autocannon from 'autocannon';
import { encodeSolution } from '../common/challenge';
import { CHALLENGE_TTL_MS, challengeKey } from '../server/src/services/gallery/challenge';
import type { LoadResult, LoadSpec } from './load';

/**
 * The load generator, in a process of its own (started by bench/load.ts `load`): runs autocannon with the
 * spec given as JSON in argv and prints its figures as one JSON line.
 */
const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
const votes = spec.votes;
let voter = 0;

/**
 * Each vote to the app carries a solved proof-of-work challenge at the lowest base difficulty. The bench
 * holds the app's secret, so it signs them itself and knows each number, rather than spending the run's CPU
 * solving (what a vote costs a solver is bench/vote-attack.ts's figure): the server still checks and spends
 * every one. Made before the run, more than a run can use.
 */
async function solvedVotes(secret: string, count: number): Promise<string[]> {
  const hmacKey = challengeKey(secret);
  const expires = new Date(Date.now() + CHALLENGE_TTL_MS);
  const params = { p: 'vote', m: String(votes?.powBase) };
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const c = await createChallenge({ hmacKey, maxnumber: votes?.powBase, number: i % (votes?.powBase ?? 1), expires, params });
      return JSON.stringify({ altcha: encodeSolution({ ...c, number: i % (votes?.powBase ?? 1) }) });
    }),
  );
}
const tickets = votes?.secret ? await solvedVotes(votes.secret, Math.ceil(spec.duration * 16_000)) : [];

const r = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  ...(spec.headers && { headers: spec.headers }),
  ...(votes && {
    requests: [
      {
        method: 'POST',
        // Every request a new voter on one of the entries: each vote is counted (nothing refused as a repeat).
        setupRequest: (req) => {
          voter++;
          const key = `bench-${process.pid}-${voter.toString(36).padStart(10, '0')}`;
          const value = votes.secret ? encodeURIComponent(sign(key, votes.secret)) : key;
          return {
            ...req,
            path: `/api/gallery/entries/${(voter % votes.entries) + 1}/vote`,
            headers: { 'content-type': 'application/json', cookie: `mfc_voter=${value}` },
            body: tickets[voter % tickets.length] ?? '{}',
          };
        },
      },
    ],
  }),
});
const result: LoadResult = { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx, ok: r['2xx'] };
console.log(JSON.stringify(result));
