import { Code } from '../../../../common/errors';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { findUserById, revokeOtherSessions, setPasswordHash } from '../../db/repos/accounts';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from './passwords';

/** Changes the password of a signed-in person (1106 when the current one is wrong); other sign-ins end. */
export async function changePassword(ctx: AppContext, userId: number, sessionId: number, current: string, next: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(Code.LoginRequired);
  if (!(await verifyPassword(user.password_hash, current))) throw new AppError(Code.CurrentPasswordWrong);
  const hash = await hashPassword(next);
  await ctx.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, userId, hash);
    await revokeOtherSessions(trx, userId, sessionId, nowIso());
  });
}
