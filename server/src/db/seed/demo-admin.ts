import type { AppContext } from '../../context';
import { createOrPromoteAdmin, DEMO_ADMIN_EMAIL, generatePassword } from '../../services/staff/admins';

/**
 * The demo organiser account: demo mode only (the caller runs only when demo content is on, and only on
 * the first start). Its password is random and printed once; outside demo mode there is no default admin,
 * the first one is made with `npm run admin -- create --email ...`.
 */
export async function seedDemoAdmin(ctx: AppContext, log: (line: string) => void = console.log): Promise<void> {
  if (!ctx.config.demoContent) return;
  const password = generatePassword();
  const result = await createOrPromoteAdmin(ctx.db, DEMO_ADMIN_EMAIL, password);
  if (result !== 'created') return;
  log(`[demo] organiser console: ${ctx.config.publicUrl}/admin/  e-mail: ${DEMO_ADMIN_EMAIL}  password: ${password}`);
}
