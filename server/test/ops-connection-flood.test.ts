import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { type ServerProcess, useServerProcesses } from './helpers/server-process';

/**
 * Fault drill: one client opens more connections than the server process may hold files. The real process
 * runs with a lowered open-file limit; it must refuse what it cannot hold, stay alive and answer afterwards.
 */
const FILE_LIMIT = 256;
const SOCKETS = 400;

type Held = { socket: net.Socket; answer: () => string };

/** Opens a connection and resolves once it is connected or refused; never rejects. */
function openSocket(port: number): Promise<Held> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    socket.on('error', () => undefined); // a refusal or a reset is an expected answer here
    const held = { socket, answer: () => answer };
    socket.once('connect', () => resolve(held));
    socket.once('close', () => resolve(held));
  });
}

/** Floods the server from one address, makes it work while flooded, then lets go. */
async function flood({ port }: ServerProcess): Promise<Held[]> {
  const held: Held[] = [];
  for (let i = 0; i < SOCKETS; i++) held.push(await openSocket(port));
  for (const { socket } of held) if (!socket.destroyed) socket.write('GET /livez HTTP/1.1\r\nHost: x\r\n\r\n');
  // Several load samples pass while the files are exhausted (the old sampler read /proc for the memory).
  await new Promise((r) => setTimeout(r, 1000));
  return held;
}

describe('connection flood', () => {
  const startProcess = useServerProcesses();
  const env = { LOG_LEVEL: 'info', PRESSURE_SAMPLE_MS: '50' };

  it(`refuses past its caps with a 503 envelope (${SOCKETS} connections, ${FILE_LIMIT}-file limit), lives, answers /livez after`, async () => {
    const server = await startProcess({ fileLimit: FILE_LIMIT, env });
    const held = await flood(server);
    expect(server.child.exitCode, server.output()).toBeNull();
    const refused = held.filter((h) => h.answer().startsWith('HTTP/1.1 503'));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.answer()).toMatch(/content-type: application\/json/i);
    expect(refused[0]?.answer()).toMatch(/retry-after: 5/i);
    expect(refused[0]?.answer()).toMatch(/"code":9422/);
    for (const { socket } of held) socket.destroy();
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${server.port}/livez`)).status, { timeout: 15_000 }).toBe(200);
    expect(server.child.exitCode, server.output()).toBeNull();
  }, 90_000);

  // libuv closes the connections it cannot accept itself; what used to die was the load sampler reading /proc.
  it('survives running out of files with the caps set too high', async () => {
    const server = await startProcess({ fileLimit: FILE_LIMIT, env: { ...env, CONNECTIONS_MAX: '100000', CONNECTIONS_PER_ADDRESS: '0' } });
    const held = await flood(server);
    expect(server.child.exitCode, server.output()).toBeNull();
    for (const { socket } of held) socket.destroy();
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${server.port}/livez`)).status, { timeout: 15_000 }).toBe(200);
    expect(server.child.exitCode, server.output()).toBeNull();
  }, 90_000);
});
