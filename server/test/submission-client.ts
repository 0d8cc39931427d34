import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestApp } from './factories';

/** Talks to a listening test app the way a browser would: credential, then the tus protocol over HTTP. */
export type Client = { base: string; token: string };

/** The app's base URL, listening on a free port from the first call on. */
export async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers and assert on it.
type Json = any;

export async function api(c: Client, method: string, path: string, body?: unknown) {
  const res = await fetch(`${c.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${c.token}`, 'x-locale': 'en-US', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: Json } };
}

export async function credential(c: Client, purpose: string, size: number, name = 'file.bin') {
  return api(c, 'POST', '/api/uploads/credential', { purpose, name, size, type: '' });
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

export async function createUpload(c: Client, cred: string, size: number, purpose?: string): Promise<Response> {
  const meta = [`credential ${b64(cred)}`, `filename ${b64('file.bin')}`, ...(purpose ? [`purpose ${b64(purpose)}`] : [])].join(',');
  return fetch(`${c.base}/api/uploads/tus`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.token}`, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': meta, 'x-locale': 'en-US' },
  });
}

export async function patch(c: Client, location: string, offset: number, data: Buffer): Promise<Response> {
  return fetch(`${c.base}${location}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${c.token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'x-locale': 'en-US',
    },
    body: new Uint8Array(data),
  });
}

/** Credential + tus creation, both expected to succeed; the upload's location and id, nothing sent yet. */
export async function beginUpload(c: Client, purpose: string, data: Buffer, name?: string): Promise<{ location: string; id: string }> {
  const cred = await credential(c, purpose, data.length, name);
  expect(cred.status, JSON.stringify(cred.body)).toBe(200);
  const created = await createUpload(c, cred.body.data.credential, data.length);
  expect(created.status).toBe(201);
  const location = created.headers.get('location') as string;
  return { location, id: location.split('/').pop() as string };
}

/** Credential + creation + one PATCH; returns the final answer (the checks' verdict) and the upload id. */
export async function uploadFile(c: Client, purpose: string, data: Buffer, name?: string) {
  const cred = await credential(c, purpose, data.length, name);
  if (cred.body.code !== 0) return { status: cred.status, body: cred.body, id: null as string | null };
  const created = await createUpload(c, cred.body.data.credential, data.length);
  if (created.status !== 201) return { status: created.status, body: JSON.parse(await created.text()), id: null };
  const location = created.headers.get('location') as string;
  const res = await patch(c, location, 0, data);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, id: location.split('/').pop() as string };
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
