import type { Role } from '../../../../common/api-types';
import { request } from '../../api/request';

export type LoginAnswer = { token: string; user: { role: Role } };

/** Signs in; a refusal is shown by the request layer and rejects. */
export const signIn = (body: { email: string; password: string }) => request<LoginAnswer>('/api/auth/login', { method: 'POST', body, level: 'error' });
/** Ends the session on the server; never rejects (the console forgets its token either way). */
export const signOut = () => request('/api/auth/logout', { method: 'POST', level: 'silent' }).catch(() => undefined);
