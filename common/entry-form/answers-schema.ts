import { z } from 'zod';
import { Code, codeMessage } from '../errors/codes';
import type { Answers, AnswerValue, FieldDefinition, TeamMember } from './definitions';

/**
 * Builds the zod schema that checks an entrant's answers against the organiser's fields, for one group.
 * The server checks with it on submit and on change; the web form checks with the same before sending.
 * Each issue's path starts with the field's key and its message is a catalogue code, so a refusal names
 * the field (`answers.<key>`). Answers to fields the group does not ask are dropped; an empty optional
 * answer is left out.
 */

/** Limits that apply when the organiser set none, so no answer is unbounded. */
export const DEFAULT_TEXT_MAX = { shortText: 200, longText: 5000 } as const;
export const DEFAULT_TEAM_MAX = 30;
/** A phone number as people write it: digits, spaces, dashes, brackets, an optional leading +. */
const PHONE = /^\+?[0-9][0-9 ()-]{4,22}[0-9]$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An upload id (on submit) or the private storage key it became (stored, kept on a change). */
const FILE_REF = /^[a-f0-9]{32}$/;
const EMAIL = z.email();

/** The fields a group's entrants answer, in order: contest-wide ones and the group's own. */
export function fieldsForGroup(fields: FieldDefinition[], groupKey: string): FieldDefinition[] {
  return fields.filter((f) => f.groupKey === null || f.groupKey === groupKey).sort((a, b) => a.position - b.position);
}

function isDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** Whole years between a birth date and `today` (both YYYY-MM-DD). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whether the field must be answered, given the other answers (a minor's guardian consent). */
export function isRequired(field: FieldDefinition, answers: Record<string, unknown>, today: string): boolean {
  if (field.required) return true;
  const rule = field.requiredIfYoungerThan;
  if (!rule) return false;
  const birth = answers[rule.ageFieldKey];
  return typeof birth === 'string' && isDate(birth) && ageOn(birth, today) < rule.years;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

type Issue = { code: number; path?: (string | number)[]; values?: Record<string, string | number> };

function textIssue(field: FieldDefinition, value: unknown): Issue | string {
  if (typeof value !== 'string') return { code: Code.AnswerInvalid };
  const s = value.trim();
  const min = field.limits.minLength;
  const max = field.limits.maxLength ?? (field.type === 'longText' ? DEFAULT_TEXT_MAX.longText : DEFAULT_TEXT_MAX.shortText);
  if (min !== undefined && s.length < min) return { code: Code.AnswerTooShort, values: { min } };
  if (s.length > max) return { code: Code.AnswerTooLong, values: { max } };
  if (field.type === 'email' && !EMAIL.safeParse(s).success) return { code: Code.AnswerEmail };
  if (field.type === 'phone' && !PHONE.test(s)) return { code: Code.AnswerPhone };
  return s;
}

function numberIssue(field: FieldDefinition, value: unknown): Issue | number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return { code: Code.AnswerNotNumber };
  const { min, max, integer } = field.limits;
  if (integer && !Number.isInteger(n)) return { code: Code.AnswerNotWhole };
  if (typeof min === 'number' && n < min) return { code: Code.AnswerBelowMin, values: { min } };
  if (typeof max === 'number' && n > max) return { code: Code.AnswerAboveMax, values: { max } };
  return n;
}

function dateIssue(field: FieldDefinition, value: unknown): Issue | string {
  if (typeof value !== 'string' || !isDate(value)) return { code: Code.AnswerDate };
  const { min, max } = field.limits;
  if (typeof min === 'string' && value < min) return { code: Code.AnswerDateTooEarly, values: { min } };
  if (typeof max === 'string' && value > max) return { code: Code.AnswerDateTooLate, values: { max } };
  return value;
}

function choiceIssue(field: FieldDefinition, value: unknown): Issue | AnswerValue {
  const allowed = new Set(field.options.map((o) => o.value));
  if (field.type === 'singleChoice') return typeof value === 'string' && allowed.has(value) ? value : { code: Code.AnswerChoice };
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && allowed.has(v))) return { code: Code.AnswerChoice };
  const picked = [...new Set(value as string[])];
  const { minItems, maxItems } = field.limits;
  if (minItems !== undefined && picked.length < minItems) return { code: Code.AnswerTooFewChoices, values: { min: minItems } };
  if (maxItems !== undefined && picked.length > maxItems) return { code: Code.AnswerTooManyChoices, values: { max: maxItems } };
  return picked;
}

function teamIssue(field: FieldDefinition, value: unknown): Issue | TeamMember[] {
  if (!Array.isArray(value)) return { code: Code.AnswerInvalid };
  const members: TeamMember[] = [];
  for (const [i, raw] of value.entries()) {
    if (typeof raw !== 'object' || raw === null) return { code: Code.AnswerInvalid, path: [i] };
    const m = raw as Record<string, unknown>;
    const name = typeof m.name === 'string' ? m.name.trim() : '';
    const role = typeof m.role === 'string' ? m.role.trim() : '';
    const email = typeof m.email === 'string' ? m.email.trim() : '';
    if (!name || !role || name.length > 100 || role.length > 100) return { code: Code.TeamMemberIncomplete, path: [i] };
    if (email && !EMAIL.safeParse(email).success) return { code: Code.TeamMemberEmail, path: [i, 'email'] };
    members.push({ name, role, email });
  }
  const { minItems } = field.limits;
  const maxItems = field.limits.maxItems ?? DEFAULT_TEAM_MAX;
  if (minItems !== undefined && members.length < minItems) return { code: Code.TeamTooFew, values: { min: minItems } };
  if (members.length > maxItems) return { code: Code.TeamTooMany, values: { max: maxItems } };
  return members;
}

/** The checked, normalised value of one answer, or what is wrong with it. */
export function checkAnswer(field: FieldDefinition, value: unknown): Issue | AnswerValue {
  switch (field.type) {
    case 'shortText':
    case 'longText':
    case 'email':
    case 'phone':
      return textIssue(field, value);
    case 'number':
      return numberIssue(field, value);
    case 'date':
      return dateIssue(field, value);
    case 'singleChoice':
    case 'multipleChoice':
      return choiceIssue(field, value);
    case 'checkbox':
      return typeof value === 'boolean' ? value : { code: Code.AnswerInvalid };
    case 'file':
      return typeof value === 'string' && FILE_REF.test(value) ? value : { code: Code.AnswerFileMissing };
    case 'teamMembers':
      return teamIssue(field, value);
  }
}

const isIssue = (v: Issue | AnswerValue): v is Issue => typeof v === 'object' && v !== null && !Array.isArray(v) && 'code' in v;

/**
 * The schema of a group's answers. `today` (YYYY-MM-DD, the contest's day) decides who is a minor.
 * An issue carries the measured limit in `params.values` for the texts with placeholders.
 */
export function answersSchema(fields: FieldDefinition[], opts: { today: string }) {
  return z
    .record(z.string(), z.unknown(), codeMessage(Code.AnswerInvalid))
    .default({})
    .transform((raw, ctx): Answers => {
      const out: Answers = {};
      for (const field of fields) {
        const value = raw[field.key];
        const required = isRequired(field, raw, opts.today);
        // An unticked consent is no consent: a required checkbox must be true.
        if (field.type === 'checkbox' && required && value !== true) {
          ctx.addIssue({ code: 'custom', path: [field.key], message: codeMessage(Code.ConsentRequired) });
          continue;
        }
        if (isEmpty(value)) {
          if (required)
            ctx.addIssue({ code: 'custom', path: [field.key], message: codeMessage(field.type === 'file' ? Code.AnswerFileMissing : Code.AnswerRequired) });
          continue;
        }
        const checked = checkAnswer(field, value);
        if (isIssue(checked)) {
          ctx.addIssue({ code: 'custom', path: [field.key, ...(checked.path ?? [])], message: `${checked.code}`, params: { values: checked.values } });
          continue;
        }
        out[field.key] = checked;
      }
      return out;
    });
}
