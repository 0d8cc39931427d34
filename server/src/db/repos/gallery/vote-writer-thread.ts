import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { openSqlite } from '../../sqlite-file';
import type { AuditRow, BatchVote } from './vote-batch';
import { writeVoteBatchSqlite } from './vote-batch-sqlite';

/**
 * The vote writer thread (see vote-writer.ts): its own connection to the SQLite file, one batch at a time, each
 * answered with its outcomes or its error (message and SQLite code, so the main thread classifies it).
 */
export type WriteRequest = { id: number; votes: BatchVote[]; audits: AuditRow[] };
export type WriteAnswer = { id: number; outcomes?: ReturnType<typeof writeVoteBatchSqlite>; error?: { message: string; code?: string } };

const port = parentPort;
if (!port) throw new Error('vote-writer-thread runs as a worker thread');
const sqlite = openSqlite((workerData as { file: string }).file);

/**
 * Batches that queued while the last transaction ran are written together, in the order they were sent:
 * one commit (one fsync) for all of them, with the outcomes they would have had one after another.
 */
port.on('message', (first: WriteRequest) => {
  const requests = [first];
  for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) requests.push(next.message as WriteRequest);
  try {
    const outcomes = writeVoteBatchSqlite(
      sqlite,
      requests.flatMap((r) => r.votes),
      requests.flatMap((r) => r.audits),
    );
    let at = 0;
    for (const { id, votes } of requests) {
      port.postMessage({ id, outcomes: outcomes.slice(at, at + votes.length) } satisfies WriteAnswer);
      at += votes.length;
    }
  } catch (err) {
    const e = err as { message?: string; code?: unknown };
    const error = { message: String(e?.message ?? err), code: typeof e?.code === 'string' ? e.code : undefined };
    for (const { id } of requests) port.postMessage({ id, error } satisfies WriteAnswer);
  }
});
port.postMessage('ready');
