import { Code } from '../../../../common/errors';
import type { Award, Criterion } from '../../../../common/jury/api-types';
import type { AwardInput, CriterionInput } from '../../../../common/jury/schemas';
import { type Db, nowIso } from '../../db/database';
import { findEntry } from '../../db/repos/entries/repository';
import { deleteAward, findAward, insertAward, listAwards, setEntryAward, updateAward } from '../../db/repos/jury/awards';
import { deleteCriterion, findCriterion, insertCriterion, listCriteria, updateCriterion } from '../../db/repos/jury/criteria';
import { AppError } from '../../errors';
import { parseI18n } from '../content/localize';
import { fillTraditional } from '../content-editing/fill-traditional';
import { assertMayApply } from '../entries/status';
import { judgingWindow } from './settings';

/** The organiser's criteria (weights) and named awards: plain lists with names in three locales. */

/**
 * The names as stored: a zh-TW name left empty is OpenCC's conversion of the zh-CN one, as for news, so zh-TW
 * readers (results page, mails, jurors) never get Simplified characters. A name sent back unchanged from an
 * earlier conversion (`stored`) is still the conversion and follows a changed zh-CN name.
 */
function namesJson(i18n: AwardInput['i18n'], stored?: string): string {
  const before = stored ? (parseI18n(stored)['zh-TW'] as { name?: string; _converted?: unknown } | undefined) : undefined;
  const tw: Record<string, unknown> = { ...i18n['zh-TW'] };
  if (Array.isArray(before?._converted) && before._converted.includes('name') && before.name === tw.name) tw._converted = ['name'];
  return JSON.stringify(fillTraditional({ ...i18n, 'zh-TW': tw }, ['name']));
}

const found = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => {
  if (Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) === 0) throw new AppError(Code.NotFound);
};

export async function criteriaList(db: Db): Promise<Criterion[]> {
  return (await listCriteria(db)).map((c) => ({ id: c.id, weight: c.weight, sort: c.sort, i18n: parseI18n(c.i18n) }));
}

/**
 * The criteria lock with the scores: once judging has ended, adding, removing or re-weighting one would
 * change every weighted average the scores were given under. Names and order may still be edited.
 */
async function refuseWhenLocked(db: Db): Promise<void> {
  if ((await judgingWindow(db)).locked) throw new AppError(Code.JuryCriteriaLocked);
}

export async function createCriterion(db: Db, input: CriterionInput): Promise<Criterion[]> {
  await refuseWhenLocked(db);
  await insertCriterion(db, { weight: input.weight, sort: input.sort, i18n: namesJson(input.i18n), created_at: nowIso() });
  return criteriaList(db);
}

export async function changeCriterion(db: Db, id: number, input: CriterionInput): Promise<Criterion[]> {
  const stored = await findCriterion(db, id);
  if (stored && stored.weight !== input.weight) await refuseWhenLocked(db);
  found(await updateCriterion(db, id, { weight: input.weight, sort: input.sort, i18n: namesJson(input.i18n, stored?.i18n) }));
  return criteriaList(db);
}

export async function removeCriterion(db: Db, id: number): Promise<Criterion[]> {
  await refuseWhenLocked(db);
  found(await deleteCriterion(db, id));
  return criteriaList(db);
}

export async function awardList(db: Db): Promise<Award[]> {
  return (await listAwards(db)).map((a) => ({ id: a.id, sort: a.sort, i18n: parseI18n(a.i18n) }));
}

export async function createAward(db: Db, input: AwardInput): Promise<Award[]> {
  await insertAward(db, { sort: input.sort, i18n: namesJson(input.i18n), created_at: nowIso() });
  return awardList(db);
}

export async function changeAward(db: Db, id: number, input: AwardInput): Promise<Award[]> {
  const stored = await findAward(db, id);
  found(await updateAward(db, id, { sort: input.sort, i18n: namesJson(input.i18n, stored?.i18n) }));
  return awardList(db);
}

export async function removeAward(db: Db, id: number): Promise<Award[]> {
  found(await deleteAward(db, id));
  return awardList(db);
}

/** Gives an approved entry an award (null takes it away); one award per entry. */
export async function assignAward(db: Db, entryId: number, awardId: number | null): Promise<void> {
  assertMayApply('juryAward', (await findEntry(db, entryId))?.status);
  if (awardId !== null && !(await findAward(db, awardId))) throw new AppError(Code.NotFound);
  await setEntryAward(db, entryId, awardId, nowIso());
}
