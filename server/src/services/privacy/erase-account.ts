import { randomBytes } from 'node:crypto';
import { Code } from '../../../../common/errors';
import { ERASED_EMAIL_DOMAIN, type ErasureCounts } from '../../../../common/privacy';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { listAllUserEntries, lockUser, updateEntry } from '../../db/repos/entries/repository';
import { deleteJobByEntry, findJobsByEntries } from '../../db/repos/media';
import { insertErasure } from '../../db/repos/privacy/erasures';
import {
  anonymiseAccount,
  deleteContactMessagesFrom,
  deleteScamReportsFrom,
  deleteUserSessions,
  deleteUserTokens,
  deleteUserUploads,
  findAccount,
  userUploads,
} from '../../db/repos/privacy/personal-data';
import { AppError } from '../../errors';
import { erasedColumns } from '../entries/status';
import { forgetEntrantsInResults } from '../jury/results';
import { removeRendition, removeWorkFolders } from '../media/paths';
import { discardFiles } from '../submission/discard-files';

/** Who asked: the person themselves (account deletion) or an organiser from the console. */
export type ErasureActor = { kind: 'self' } | { kind: 'organiser'; adminId: number };

/** Whether an account's personal data was already erased (its address is the placeholder). */
export function isErasedAddress(email: string): boolean {
  return email.endsWith(`@${ERASED_EMAIL_DOMAIN}`);
}

/**
 * Erases a person's data and keeps the contest's record. In one transaction: every entry goes through the
 * status machine's `erase` (withdrawn; number, title, group, award and vote count stay, texts naming people
 * are blanked), the upload rows and film jobs go, sessions and e-mail tokens go, contact messages and scam
 * reports from their address go, the published results forget the team, the account row keeps only an
 * unusable address and password, and the erasure is recorded. Votes for their entries stay (the counts are
 * the contest's), and so do votes they cast, which name nobody once the account is anonymous.
 *
 * Files are removed after the commit: a failure there is logged and the hourly orphan sweep removes what no
 * row names any more, so a row is never left half-erased for the sake of a file.
 *
 * An organiser or juror is refused (1200) while holding that role: their account runs or judges the contest.
 */
export async function eraseAccount(ctx: AppContext, userId: number, actor: ErasureActor, log: (err: unknown) => void): Promise<ErasureCounts> {
  const now = nowIso();
  const { counts, files, jobs } = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, userId);
    const user = await findAccount(trx, userId);
    if (!user) throw new AppError(Code.AccountNotFound);
    if (isErasedAddress(user.email)) throw new AppError(Code.AccountAlreadyErased);
    if (user.role !== 'user') throw new AppError(Code.DeletionRoleHeld);

    const entries = await listAllUserEntries(trx, userId);
    for (const entry of entries) await updateEntry(trx, entry.id, erasedColumns(entry.status, now));
    const entryIds = entries.map((e) => e.id);
    const jobs = await findJobsByEntries(trx, entryIds);
    for (const id of entryIds) await deleteJobByEntry(trx, id);
    await forgetEntrantsInResults(trx, entryIds);

    const files = await userUploads(trx, userId);
    await deleteUserUploads(trx, userId);
    const counts: ErasureCounts = {
      entries: entries.length,
      files: files.length,
      sessions: await deleteUserSessions(trx, userId),
      tokens: await deleteUserTokens(trx, userId),
      contactMessages: await deleteContactMessagesFrom(trx, user.email),
      scamReports: await deleteScamReportsFrom(trx, user.email),
    };
    // A random part keeps the placeholder unique and unguessable; the password is no hash any password matches.
    const placeholder = `erased-${userId}-${randomBytes(6).toString('hex')}@${ERASED_EMAIL_DOMAIN}`;
    await anonymiseAccount(trx, userId, { email: placeholder, password_hash: '!erased', disabled_at: now });
    await insertErasure(trx, {
      user_id: userId,
      admin_id: actor.kind === 'organiser' ? actor.adminId : null,
      counts: JSON.stringify(counts),
      created_at: now,
    });
    return { counts, files, jobs };
  });

  for (const file of files) {
    await discardFiles(ctx, [file]).catch(log);
  }
  for (const job of jobs) {
    try {
      removeRendition(ctx.config.dataDir, job.output);
      removeWorkFolders(ctx.config.dataDir, job.id);
    } catch (err) {
      log(err);
    }
  }
  return counts;
}
