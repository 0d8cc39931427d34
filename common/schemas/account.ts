import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { Code, codeMessage } from '../errors/codes';
import { altchaField } from './contact';

/**
 * Account forms (register, login, forgot, reset, change password): one rule for the forms as the person
 * types and for the server. Messages are catalogue codes: password 8-15 characters mixing upper
 * and lower case, digits and symbols (1002, 2007 wrong format, 2006 missing), confirmation must match (1001),
 * e-mail valid (2004) and required (2005).
 */
// In the browser zod would probe `new Function` while building object schemas; the site's CSP (no eval)
// reports that probe as a violation. The interpreted parser is plenty fast for forms.
if (typeof window !== 'undefined') z.config({ jitless: true });

export const EMAIL_MAX = 254;
/** Login accepts any stored password but bounds the work argon2 is asked to do. */
const LOGIN_PASSWORD_MAX = 128;

/** Printable ASCII without space: what a password may be made of. */
const PASSWORD_CHARS = /^[\x21-\x7e]+$/;

/**
 * The one code a new password earns, or null when it is good: empty 2006, characters outside printable
 * ASCII (spaces, full-width, CJK) 2007, wrong length or a missing class (upper, lower, digit, symbol) 1002.
 */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return codeMessage(Code.PasswordRequired);
  if (!PASSWORD_CHARS.test(password)) return codeMessage(Code.PasswordFormat);
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return codeMessage(Code.PasswordRule);
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];
  return classes.every((re) => re.test(password)) ? null : codeMessage(Code.PasswordRule);
}

export const emailField = z
  .string({ error: codeMessage(Code.EmailRequired) })
  .trim()
  .min(1, codeMessage(Code.EmailRequired))
  .max(EMAIL_MAX, codeMessage(Code.EmailFormat))
  .pipe(z.email(codeMessage(Code.EmailFormat)))
  .transform((e) => e.toLowerCase());

export const newPasswordField = z.string({ error: codeMessage(Code.PasswordRequired) }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const loginPasswordField = z
  .string({ error: codeMessage(Code.PasswordRequired) })
  .min(1, codeMessage(Code.PasswordRequired))
  .max(LOGIN_PASSWORD_MAX, codeMessage(Code.WrongCredentials));

export const confirmField = z.string({ error: codeMessage(Code.PasswordsDiffer) });

/** Password and confirmation must match (1001), reported on the confirmation field. */
export function matching<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) ctx.addIssue({ code: 'custom', message: codeMessage(Code.PasswordsDiffer), path: ['confirmPassword'] });
}

/** `altcha`: a solved `register` challenge (2013 when empty), so each account costs its maker some work. */
export const registerSchema = z
  .object({ email: emailField, password: newPasswordField, confirmPassword: confirmField, altcha: altchaField })
  .superRefine(matching);
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({ email: emailField, password: loginPasswordField });
export type LoginInput = z.input<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: emailField });

/** Tokens are 43 base64url characters; anything else cannot be one of ours. */
export const tokenField = z.string({ error: codeMessage(Code.InvalidResetLink) }).regex(/^[A-Za-z0-9_-]{20,100}$/, codeMessage(Code.InvalidResetLink));

export const resetPasswordSchema = z.object({ token: tokenField, password: newPasswordField, confirmPassword: confirmField }).superRefine(matching);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: loginPasswordField, password: newPasswordField, confirmPassword: confirmField })
  .superRefine(matching);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The first catalogue code a schema gives a value, or null; the forms use it for inline messages. */
export function firstCode(schema: z.ZodType, value: unknown): number | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const n = Number(result.error.issues[0]?.message);
  return Number.isFinite(n) ? n : Code.ParameterError;
}

/** Deleting one's own account is confirmed with the password. */
export const deleteAccountSchema = z.object({ password: loginPasswordField });
