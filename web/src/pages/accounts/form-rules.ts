import type { FormInstance, Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ERRORS, isErrorCode } from '../../../../common/errors';
import type { Locale } from '../../../../common/locales';
import { firstCode } from '../../../../common/schemas/account';
import { ApiError } from '../../api/api-error';
import { showMessage } from '../../api/feedback';

export function codeText(code: number, locale: Locale): string {
  return isErrorCode(code) ? ERRORS[code][locale] : ERRORS[9500][locale];
}

/** An antd rule that runs a field's schema from common/ as the person types (the server runs the same). */
export function schemaRule(schema: z.ZodType, locale: Locale): Rule {
  return {
    validator: async (_rule, value) => {
      const code = firstCode(schema, value ?? '');
      if (code !== null) throw new Error(codeText(code, locale));
    },
  };
}

/** The confirmation must equal the password field (1001). */
export function confirmRule(form: FormInstance, locale: Locale, field = 'password'): Rule {
  return {
    validator: async (_rule, value) => {
      if ((value ?? '') !== (form.getFieldValue(field) ?? '')) throw new Error(codeText(1001, locale));
    },
  };
}

/**
 * Shows a failed submit: per-field codes from the server go under their fields, anything else as a
 * message with the code's text (calls use level 'silent', so this is the one place a failure is shown).
 */
export function showSubmitError(err: unknown, locale: Locale, form?: FormInstance): void {
  // Not an API answer, or the expired session the request layer already announced and redirected.
  if (!(err instanceof ApiError) || err.code === 1008) return;
  if (form && err.fields) {
    const known = new Set(Object.keys(form.getFieldsValue(true)));
    const entries = Object.entries(err.fields).filter(([name]) => known.has(name));
    if (entries.length > 0) {
      form.setFields(entries.map(([name, f]) => ({ name, errors: [codeText(f.code, locale)] })));
      return;
    }
  }
  void showMessage('error', codeText(err.code, locale));
}

/** Only same-site paths are followed after login, so `?redirect=` cannot send anyone elsewhere. */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
