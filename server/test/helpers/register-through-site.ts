import { expect } from 'vitest';
import { type Entrant, linkIn, type MailedApp, registerBody } from '../factories';

/** Registers through the API in `locale`, follows the mailed link and signs in: the account the product made. */
export async function registerThroughSite(m: MailedApp, base: string, email: string, password: string, locale: string): Promise<Entrant> {
  const res = await m.post('/api/auth/register', await registerBody(m.t, { email, password, confirmPassword: password }), { 'x-locale': locale });
  expect(res.statusCode, res.body).toBe(201);
  const link = new URL(linkIn(m.sink.to(email).at(-1)));
  await m.t.app.inject({ method: 'GET', url: link.pathname + link.search });
  const login = (await m.post('/api/auth/login', { email, password })).json().data;
  return { base, token: login.token, id: login.user.id, email };
}
