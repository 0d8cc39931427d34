import type { EntryGroup } from '../../../../common/constants';
import { Code } from '../../../../common/errors';
import type { JurorSummary } from '../../../../common/jury/api-types';
import type { Locale } from '../../../../common/locales';
import type { Db } from '../../db/database';
import { listCriteria } from '../../db/repos/jury/criteria';
import { findJuror, findJuryMember, listJurorRows, updateJurorScope } from '../../db/repos/jury/jurors';
import { AppError } from '../../errors';
import { localize } from '../content/localize';
import { assertGroupExists } from '../entry-form/definitions';
import { progressOf } from './judging';

/** Every juror with their progress, for the organiser (jurors never see each other's). */
export async function listJurors(db: Db, locale: Locale): Promise<JurorSummary[]> {
  const [rows, criteria] = await Promise.all([listJurorRows(db), listCriteria(db)]);
  const criterionIds = criteria.map((c) => c.id);
  return Promise.all(
    rows.map(async (r) => ({
      userId: r.user_id,
      email: r.email,
      juryMemberId: r.jury_member_id,
      juryMemberName: r.member_i18n ? localize<{ name: string }>(r.member_i18n, locale, ['name']).name : null,
      group: (r.group_scope as EntryGroup | null) ?? null,
      invitedAt: r.invited_at,
      acceptedAt: r.accepted_at,
      disabled: r.disabled_at !== null,
      progress: await progressOf(db, r.user_id, r.group_scope, criterionIds),
    })),
  );
}

export async function updateJuror(db: Db, userId: number, input: { juryMemberId: number | null; group: EntryGroup | null }): Promise<void> {
  if (!(await findJuror(db, userId))) throw new AppError(Code.JurorNotFound);
  if (input.juryMemberId !== null && !(await findJuryMember(db, input.juryMemberId))) throw new AppError(Code.JuryMemberNotFound);
  await assertGroupExists(db, input.group);
  await updateJurorScope(db, userId, { jury_member_id: input.juryMemberId, group_scope: input.group });
}
