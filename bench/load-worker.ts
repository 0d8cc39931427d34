import { sign } from '@fastify/cookie';
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load';

/**
 * The load generator, in a process of its own (started by bench/load.ts `load`): runs autocannon with the
 * spec given as JSON in argv and prints its figures as one JSON line.
 */
const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
const votes = spec.votes;
let voter = 0;

const r = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
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
            body: '{}',
          };
        },
      },
    ],
  }),
});
const result: LoadResult = { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx, ok: r['2xx'] };
console.log(JSON.stringify(result));
