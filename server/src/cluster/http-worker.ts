import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { onJobQueued } from '../services/jobs/wake';
import { isPrimaryMessage, type WorkerMessage } from './messages';

/**
 * In an HTTP worker of the cluster: a job queued by a request (a finished upload, an exhibition video, results
 * published and their mails to send) is passed to the primary, whose background workers (lifecycle.ts) then
 * start it at once instead of at their next poll.
 */
export function forwardJobWakeups(): void {
  const message: WorkerMessage = { mfc: 'job-queued' };
  onJobQueued(() => process.send?.(message));
}

/** net.Server's own connection count, which its close() waits on and `maxConnections` is checked against. */
type CountingServer = Server & { _connections: number };
type CountedSocket = Socket & { _server?: Server };

/**
 * In an HTTP worker: serve the connections the primary accepted on the shared port (connection-queue.ts)
 * instead of listening, then tell the primary this worker is ready. Each connection is counted as if this
 * server had accepted it, so its close() still waits for requests in flight and `maxConnections` still applies.
 */
export function serveHandedConnections(server: Server): void {
  const counting = server as CountingServer;
  // Timeouts and closeIdleConnections() track connections from 'listening' on.
  server.emit('listening');
  process.on('message', (message: unknown, handle: unknown) => {
    if (!isPrimaryMessage(message) || !handle) return;
    const socket = handle as CountedSocket;
    const took: WorkerMessage = { mfc: 'took', id: message.id };
    process.send?.(took);
    if (server.maxConnections && counting._connections >= server.maxConnections) {
      socket.destroy();
      return;
    }
    counting._connections++;
    // The socket's destroy takes itself off this count (net.Socket does so for its `_server`).
    socket._server = server;
    server.emit('connection', socket);
    socket.resume();
  });
  const ready: WorkerMessage = { mfc: 'ready' };
  process.send?.(ready);
}
