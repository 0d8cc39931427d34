import { Code } from '../../../../common/errors';
import { DEFAULT_LOCALE, isLocale } from '../../../../common/locales';
import type { AccountExport } from '../../../../common/privacy';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { listAllUserEntries, listReviews } from '../../db/repos/entries/repository';
import { accountVotes } from '../../db/repos/entries/vote-counts';
import { contactMessagesFrom, findAccount, userSessions, userUploads } from '../../db/repos/privacy/personal-data';
import { AppError } from '../../errors';
import { exportedEntry } from '../entries/presenter';
import { presentAnswers } from '../entry-form/present-answers';

/**
 * Everything the site holds about one person, as they may see it (the right of access and portability):
 * the account, every entry (withdrawn ones too) with its review history, the files' metadata (not the
 * bytes), sign-ins (never the token digests), contact messages sent from their address and the votes they
 * cast as a signed-in voter. Nothing here names an organiser or another person.
 */
export async function exportAccount(ctx: AppContext, userId: number): Promise<AccountExport> {
  const { db } = ctx;
  const user = await findAccount(db, userId);
  if (!user) throw new AppError(Code.LoginRequired);
  const entries = await listAllUserEntries(db, userId);
  return {
    exportedAt: nowIso(),
    account: { id: user.id, email: user.email, locale: user.locale, role: user.role, verifiedAt: user.verified_at, createdAt: user.created_at },
    entries: await Promise.all(
      entries.map(async (row) =>
        exportedEntry(
          row,
          await listReviews(db, row.id),
          presentAnswers(row, { audience: 'owner', locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE }),
        ),
      ),
    ),
    files: (await userUploads(db, userId)).map((u) => {
      const meta = JSON.parse(u.meta) as Record<string, unknown>;
      return {
        id: u.id,
        purpose: u.purpose,
        originalName: u.file_name,
        size: u.size,
        type: typeof meta.format === 'string' ? meta.format : null,
        meta,
        status: u.status,
        entryId: u.entry_id,
        createdAt: u.created_at,
        updatedAt: u.updated_at,
      };
    }),
    sessions: (await userSessions(db, userId)).map((s) => ({
      createdAt: s.created_at,
      lastSeenAt: s.last_seen_at,
      expiresAt: s.expires_at,
      revokedAt: s.revoked_at,
    })),
    contactMessages: (await contactMessagesFrom(db, user.email)).map((m) => ({
      name: m.name,
      email: m.email,
      content: m.content,
      locale: m.locale,
      ip: m.ip,
      createdAt: m.created_at,
    })),
    votes: (await accountVotes(db, userId)).map((v) => ({ entryId: v.entry_id, entryNo: v.entry_no, title: v.title, ip: v.ip, createdAt: v.created_at })),
  };
}
