import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { errorText } from '../i18n/error-text';
import { ApiError } from './api-error';

/**
 * The one way errors land on form fields, for the public forms and the console alike: each shows its code's
 * catalogue text (errorText) under the field it names. A name is a dotted path (`i18n.zh-CN.title`) for
 * nested fields.
 */
type FieldErrorOptions = {
  /** A server field shown by another input: captchaId's errors show on the answer input. */
  rename?: Record<string, string>;
  /** Codes that belong to one input whatever fields the answer names (the vote's captcha refusals). */
  codesOn?: { field: string; codes: readonly number[] };
};

type Placed = { name: string; text: string };

function place(form: FormInstance, errors: Placed[]): boolean {
  if (errors.length === 0) return false;
  form.setFields(errors.map((e) => ({ name: e.name.split('.'), errors: [e.text] })));
  // The fields the form has mounted (undefined values included): an error for any other name shows nowhere.
  const mounted = form.getFieldsValue() as Record<string, unknown>;
  return errors.some((e) => holds(mounted, e.name.split('.')));
}

function holds(values: unknown, path: string[]): boolean {
  let at = values;
  for (const key of path) {
    if (typeof at !== 'object' || at === null || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * Puts a refusal's errors (`data.fields`) under the form's fields. Returns true when at least one is shown
 * on a field of this form; false when nothing was (not an API error, no fields, or only fields the form
 * does not have), so the caller shows the failure another way.
 */
export function showFieldErrors(form: FormInstance, err: unknown, options: FieldErrorOptions = {}): boolean {
  if (!(err instanceof ApiError)) return false;
  const { rename = {}, codesOn } = options;
  if (codesOn?.codes.includes(err.code)) return place(form, [{ name: codesOn.field, text: errorText(err.code, err.values, err.msg) }]);
  if (!err.fields) return false;
  return place(
    form,
    Object.entries(err.fields).map(([name, f]) => ({ name: rename[name] ?? name, text: errorText(f.code, err.values, f.msg) })),
  );
}

/**
 * Runs a shared zod schema from common/ in the browser before anything is sent (its messages are catalogue
 * codes): returns the parsed values, or puts each field's first error under it and returns undefined.
 */
export function checkWith<S extends z.ZodType>(schema: S, values: unknown, form: FormInstance): z.infer<S> | undefined {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const fields = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!fields.has(name)) fields.set(name, errorText(Number(issue.message), {}, issue.message));
  }
  place(
    form,
    [...fields].map(([name, text]) => ({ name, text })),
  );
  return undefined;
}
