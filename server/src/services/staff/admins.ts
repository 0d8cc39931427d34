import { randomInt } from 'node:crypto';
import { type Db, nowIso } from '../../db/database';
import { findUserByEmail, insertAdmin, setUserRole } from '../../db/repos/console/users';
import { hashPassword } from '../auth/passwords';

/** A random password that meets the site's own rule (8-15 chars, upper, lower, digit, symbol). */
export function generatePassword(): string {
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const chars = [pick('ABCDEFGHJKLMNPQRSTUVWXYZ'), pick('abcdefghijkmnpqrstuvwxyz'), pick('23456789'), pick('!@#$%^&*')];
  const all = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789!@#$%^&*';
  while (chars.length < 14) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/** Creates an admin account, or makes an existing account an admin. Returns whether it was created. */
export async function createOrPromoteAdmin(db: Db, email: string, password: string | undefined): Promise<'created' | 'promoted'> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await setUserRole(db, existing.id, 'admin');
    return 'promoted';
  }
  if (!password) throw new Error('password required');
  await insertAdmin(db, { email, password_hash: await hashPassword(password), locale: 'zh-CN', created_at: nowIso() });
  return 'created';
}

export const DEMO_ADMIN_EMAIL = 'admin@demo.contest';
