import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useServerProcesses } from './helpers/server-process';

/**
 * Fault drill: a client that sends half a request body must not keep the server alive after SIGTERM.
 * The real process (`node --import tsx server/src/main.ts`) is started, so signals and exit codes are real.
 */
const DRAIN_MS = 1500;

/** Opens a raw connection and sends the headers of a 60 kB JSON login body (within the route's 64 KB limit, so it is read, not refused) plus only its first bytes. */
async function stalledRequest(port: number): Promise<{ socket: net.Socket; rest: string; answer: () => string }> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined); // the server cutting it is the point
  let answer = '';
  socket.on('data', (c: Buffer) => {
    answer += c.toString();
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const json = JSON.stringify({ email: 'stalled@example.test', password: 'x'.repeat(60_000 - 50) });
  const body = json.padEnd(60_000, ' ');
  const head = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  socket.write(head + body.slice(0, 40));
  await new Promise((r) => setTimeout(r, 300));
  return { socket, rest: body.slice(40), answer: () => answer };
}

/** Sends SIGTERM and waits for the exit; a process still running well after its drain fails with its output. */
async function sigterm(child: ChildProcess, output: () => string, drainMs = DRAIN_MS) {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.kill('SIGTERM');
  const limit = drainMs + 8000; // generous on a shared machine: the old behaviour was 22 s and more
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running ${limit} ms after SIGTERM; output:\n${output()}`)), limit);
  });
  try {
    return await Promise.race([exited, hung]);
  } finally {
    clearTimeout(timer);
  }
}

describe('shutdown drain', () => {
  const startProcess = useServerProcesses();
  const startServer = (drainMs = DRAIN_MS) => startProcess({ env: { SHUTDOWN_DRAIN_MS: String(drainMs), LOG_LEVEL: 'info' } });

  it('exits with 0 within the drain limit while a client holds a half-sent request body', async () => {
    const { child, port, output } = await startServer();
    const { socket } = await stalledRequest(port);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const { code, signal } = await sigterm(child, output);
    expect({ code, signal }, output()).toEqual({ code: 0, signal: null });
    await closed; // the stalled connection was closed, not left dangling
    expect(socket.destroyed).toBe(true);
    expect(output()).toMatch(/drain time over/);
  }, 90_000);

  it('lets a request that finishes within the drain get its answer, then exits with 0', async () => {
    // A long drain, so a slow machine still completes the request within it.
    const drainMs = 10_000;
    const { child, port, output } = await startServer(drainMs);
    const { socket, rest, answer } = await stalledRequest(port);
    const stopping = sigterm(child, output, drainMs);
    await new Promise((r) => setTimeout(r, 200));
    socket.write(rest); // the body completes during the drain
    const { code, signal } = await stopping;
    expect({ code, signal }, output()).toEqual({ code: 0, signal: null });
    // An ordinary answer (unknown account or a refused field), not a cut connection.
    expect(answer()).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(answer()).toMatch(/"code":\d+/);
    // Done once the work is: the kept-alive connection is closed when it falls idle, not at the drain's end.
    expect(output()).not.toMatch(/drain time over/);
  }, 90_000);
});
