import { Code } from '../../../../common/errors';
import type { Award, Criterion } from '../../../../common/jury/api-types';
import type { AwardInput, CriterionInput } from '../../../../common/jury/schemas';
import { type Db, nowIso } from '../../db/database';
import { deleteAward, findAward, insertAward, listAwards, setEntryAward, updateAward } from '../../db/repos/jury/awards';
import { deleteCriterion, insertCriterion, listCriteria, updateCriterion } from '../../db/repos/jury/criteria';
import { findAssignedEntry } from '../../db/repos/jury/scores';
import { AppError } from '../../errors';
import { parseI18n } from '../content/localize';

/** The organiser's criteria (weights) and named awards: plain lists with names in three locales. */

const found = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => {
  if (Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) === 0) throw new AppError(Code.NotFound);
};

export async function criteriaList(db: Db): Promise<Criterion[]> {
  return (await listCriteria(db)).map((c) => ({ id: c.id, weight: c.weight, sort: c.sort, i18n: parseI18n(c.i18n) }));
}

export async function createCriterion(db: Db, input: CriterionInput): Promise<Criterion[]> {
  await insertCriterion(db, { weight: input.weight, sort: input.sort, i18n: JSON.stringify(input.i18n), created_at: nowIso() });
  return criteriaList(db);
}

export async function changeCriterion(db: Db, id: number, input: CriterionInput): Promise<Criterion[]> {
  found(await updateCriterion(db, id, { weight: input.weight, sort: input.sort, i18n: JSON.stringify(input.i18n) }));
  return criteriaList(db);
}

export async function removeCriterion(db: Db, id: number): Promise<Criterion[]> {
  found(await deleteCriterion(db, id));
  return criteriaList(db);
}

export async function awardList(db: Db): Promise<Award[]> {
  return (await listAwards(db)).map((a) => ({ id: a.id, sort: a.sort, i18n: parseI18n(a.i18n) }));
}

export async function createAward(db: Db, input: AwardInput): Promise<Award[]> {
  await insertAward(db, { sort: input.sort, i18n: JSON.stringify(input.i18n), created_at: nowIso() });
  return awardList(db);
}

export async function changeAward(db: Db, id: number, input: AwardInput): Promise<Award[]> {
  found(await updateAward(db, id, { sort: input.sort, i18n: JSON.stringify(input.i18n) }));
  return awardList(db);
}

export async function removeAward(db: Db, id: number): Promise<Award[]> {
  found(await deleteAward(db, id));
  return awardList(db);
}

/** Gives an approved entry an award (null takes it away); one award per entry. */
export async function assignAward(db: Db, entryId: number, awardId: number | null): Promise<void> {
  if (!(await findAssignedEntry(db, null, entryId))) throw new AppError(Code.JuryAwardNeedsApproval);
  if (awardId !== null && !(await findAward(db, awardId))) throw new AppError(Code.NotFound);
  await setEntryAward(db, entryId, awardId, nowIso());
}
