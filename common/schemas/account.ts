import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';

/**
 * Account forms (register, login, forgot, reset, change password): one rule for the forms as the person
 * types and for the server. Messages are catalogue codes (SPEC §5).
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
export function passwordProblem(password: string): '2006' | '2007' | '1002' | null {
  if (password.length === 0) return '2006';
  if (!PASSWORD_CHARS.test(password)) return '2007';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return '1002';
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];
  return classes.every((re) => re.test(password)) ? null : '1002';
}

export const emailField = z
  .string({ error: '2005' })
  .trim()
  .min(1, '2005')
  .max(EMAIL_MAX, '2004')
  .pipe(z.email('2004'))
  .transform((e) => e.toLowerCase());

export const newPasswordField = z.string({ error: '2006' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const loginPasswordField = z.string({ error: '2006' }).min(1, '2006').max(LOGIN_PASSWORD_MAX, '1007');

const confirmField = z.string({ error: '1001' });

/** Password and confirmation must match (1001), reported on the confirmation field. */
function matching<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) ctx.addIssue({ code: 'custom', message: '1001', path: ['confirmPassword'] });
}

export const registerSchema = z.object({ email: emailField, password: newPasswordField, confirmPassword: confirmField }).superRefine(matching);
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({ email: emailField, password: loginPasswordField });
export type LoginInput = z.input<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: emailField });

/** Tokens are 43 base64url characters; anything else cannot be one of ours. */
export const tokenField = z.string({ error: '1004' }).regex(/^[A-Za-z0-9_-]{20,100}$/, '1004');

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
  return Number.isFinite(n) ? n : 1000;
}
