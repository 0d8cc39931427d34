import type { FormInstance, Rule } from 'antd/es/form';
import type { z } from 'zod';
import { Code } from '../../../../common/errors';
import { firstCode } from '../../../../common/schemas/account';
import { ApiError, isAnnounced } from '../../api/api-error';
import { showMessage } from '../../api/feedback';
import { showFieldErrors } from '../../api/form-errors';
import { errorText } from '../../i18n/error-text';

/** An antd rule that runs a field's schema from common/ as the person types (the server runs the same). */
export function schemaRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value) => {
      const code = firstCode(schema, value ?? '');
      if (code !== null) throw new Error(errorText(code));
    },
  };
}

/** The confirmation must equal the password field (PasswordsDiffer). */
export function confirmRule(form: FormInstance, field = 'password'): Rule {
  return {
    validator: async (_rule, value) => {
      if ((value ?? '') !== (form.getFieldValue(field) ?? '')) throw new Error(errorText(Code.PasswordsDiffer));
    },
  };
}

/**
 * Shows a failed submit: per-field codes from the server go under their fields, anything else as a
 * message with the code's text (calls use level 'silent', so this is the one place a failure is shown).
 */
export function showSubmitError(err: unknown, form?: FormInstance): void {
  // Not an API answer, or the expired session the request layer already announced and redirected.
  if (!(err instanceof ApiError) || isAnnounced(err)) return;
  if (form && showFieldErrors(form, err)) return;
  void showMessage('error', errorText(err.code, err.values));
}

/** Only same-site paths are followed after login, so `?redirect=` cannot send anyone elsewhere. */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
