import type { AppContext } from '../../src/context';
import { nowIso } from '../../src/db/database';
import { hashPassword } from '../../src/services/auth/passwords';
import { createSession } from '../../src/services/auth/sessions';

let counter = 0;

/** Inserts a user straight into the database (for tests of other areas); returns its id and a bearer token. */
export async function createTestUser(
  ctx: AppContext,
  opts: { email?: string; password?: string; verified?: boolean; role?: 'user' | 'admin'; locale?: string; disabled?: boolean } = {},
): Promise<{ id: number; email: string; password: string; token: string }> {
  counter++;
  const email = opts.email ?? `user${counter}-${Date.now()}@example.test`;
  const password = opts.password ?? 'Passw0rd!x';
  const now = nowIso();
  const row = await ctx.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(password),
      role: opts.role ?? 'user',
      locale: opts.locale ?? 'zh-CN',
      verified_at: opts.verified === false ? null : now,
      disabled_at: opts.disabled ? now : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(ctx.db, ctx.config, row.id);
  return { id: row.id, email, password, token };
}
