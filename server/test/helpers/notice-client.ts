import { expect } from 'vitest';
import type { MailedApp } from '../factories';

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
export type Data = any;

/** Requests to a mailed test app, each from the next address (so per-address limits stay out of the way). */
export function noticeClient(m: MailedApp) {
  const call = (method: string, url: string, token?: string, payload?: unknown) =>
    m.t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: m.nextIp(),
    });
  const okData = async (method: string, url: string, token?: string, payload?: unknown): Promise<Data> => {
    const res = await call(method, url, token, payload);
    expect(res.json().code, `${method} ${url}: ${res.body}`).toBe(0);
    return res.json().data;
  };
  return { call, okData };
}
