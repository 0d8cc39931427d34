import type { Worker } from 'node:cluster';
import net from 'node:net';
import type { PrimaryMessage } from './messages';

/**
 * The listening socket of a cluster, held by the primary for its whole life. node:cluster's own round-robin
 * closes the port as soon as no worker listens (every worker dead at once: connections are refused until a
 * replacement is up, seconds later); here the port stays open, and a connection that arrives while no worker
 * is ready waits, unread, until one is (answered late rather than refused). Connections go to the ready
 * workers in turn, as node:cluster hands them, each with its handle over the IPC channel.
 */
export class ConnectionQueue {
  private readonly server = net.createServer({ pauseOnConnect: true }, (socket) => this.hand(socket));
  private readonly ready: Worker[] = [];
  private readonly waiting = new Set<net.Socket>();
  /** Connections sent to a worker that has not yet said it took them, by their id, with the worker. */
  private readonly sent = new Map<number, { socket: net.Socket; worker: Worker }>();
  private turn = 0;
  private lastId = 0;

  /** `maxWaiting`: connections kept while no worker is ready; past it one is closed at once (the process's files are finite). */
  constructor(private readonly maxWaiting: number) {
    // A client that resets while waiting must not take the primary down.
    this.server.on('connection', (socket) => socket.on('error', () => socket.destroy()));
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ port, host }, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** The worker said it is ready: it takes connections from now on, the waiting ones first. */
  add(worker: Worker): void {
    if (!this.ready.includes(worker)) this.ready.push(worker);
    for (const socket of [...this.waiting]) {
      this.waiting.delete(socket);
      this.hand(socket);
    }
  }

  /** The worker has its own copy of the connection: the primary's is closed (the connection stays open). */
  took(id: number): void {
    this.sent.get(id)?.socket.destroy();
    this.sent.delete(id);
  }

  /**
   * The worker exited or is stopping: it gets no more connections, and those it was sent but never took
   * (it died with them in its channel) go to another worker.
   */
  remove(worker: Worker): void {
    const at = this.ready.indexOf(worker);
    if (at >= 0) this.ready.splice(at, 1);
    if (worker.isConnected()) return;
    for (const [id, entry] of this.sent) {
      if (entry.worker !== worker) continue;
      this.sent.delete(id);
      this.hand(entry.socket);
    }
  }

  get waitingCount(): number {
    return this.waiting.size;
  }

  /** Stops accepting; connections still waiting are closed. */
  close(): void {
    this.server.close();
    for (const socket of this.waiting) socket.destroy();
    this.waiting.clear();
  }

  private hand(socket: net.Socket): void {
    if (socket.destroyed) return;
    const worker = this.ready.length ? this.ready[this.turn++ % this.ready.length] : undefined;
    if (!worker) {
      if (this.waiting.size >= this.maxWaiting) {
        socket.destroy();
        return;
      }
      this.waiting.add(socket);
      socket.once('close', () => this.waiting.delete(socket));
      return;
    }
    const id = ++this.lastId;
    const message: PrimaryMessage = { mfc: 'connection', id };
    this.sent.set(id, { socket, worker });
    // The primary keeps its copy until the worker says it took the connection: one sent to a worker that dies
    // first is handed again (remove), not lost with the dead worker's channel.
    worker.send(message, socket, { keepOpen: true }, (err: Error | null) => {
      if (!err || !this.sent.delete(id)) return;
      this.remove(worker);
      this.hand(socket);
    });
  }
}
