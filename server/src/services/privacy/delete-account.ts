import { Code } from '../../../../common/errors';
import type { ErasureCounts } from '../../../../common/privacy';
import type { AppContext } from '../../context';
import { findAccount } from '../../db/repos/privacy/personal-data';
import { AppError } from '../../errors';
import { verifyPassword } from '../auth/passwords';
import { eraseAccount } from './erase-account';

/**
 * A signed-in person deletes their own account, confirmed with their password (1106 on the password field when
 * wrong; an organiser or juror gets 1200 before the password is even checked, so the refusal says why).
 */
export async function deleteOwnAccount(ctx: AppContext, userId: number, password: string, log: (err: unknown) => void): Promise<ErasureCounts> {
  const user = await findAccount(ctx.db, userId);
  if (!user) throw new AppError(Code.LoginRequired);
  if (user.role !== 'user') throw new AppError(Code.DeletionRoleHeld);
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError(Code.CurrentPasswordWrong, { fields: { password: Code.CurrentPasswordWrong } });
  }
  return eraseAccount(ctx, userId, { kind: 'self' }, log);
}
