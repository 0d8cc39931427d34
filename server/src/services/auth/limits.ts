/**
 * Abuse limits and link lifetimes of the accounts area. They are settings (README table), read from the
 * environment on each use so a deployment (or the e2e server) can tune them without a code change.
 * A limit is written "MAX/MINUTES", e.g. AUTH_LIMIT_LOGIN_IP=50/15.
 */
export type Limit = { max: number; windowMs: number };

function limit(name: string, max: number, minutes: number): Limit {
  const match = /^(\d+)\/(\d+)$/.exec(process.env[name]?.trim() ?? '');
  const m = match ? Number(match[1]) : max;
  const w = match ? Number(match[2]) : minutes;
  return { max: m, windowMs: w * 60_000 };
}

function minutes(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return process.env[name] && Number.isFinite(n) && n > 0 ? n : fallback;
}

export const authLimits = {
  /** Failed passwords per account, whatever the address (the brute-force limit). */
  loginAccount: () => limit('AUTH_LIMIT_LOGIN_ACCOUNT', 10, 15),
  loginIp: () => limit('AUTH_LIMIT_LOGIN_IP', 50, 15),
  registerIp: () => limit('AUTH_LIMIT_REGISTER_IP', 20, 60),
  registerEmail: () => limit('AUTH_LIMIT_REGISTER_EMAIL', 5, 60),
  resendIp: () => limit('AUTH_LIMIT_RESEND_IP', 10, 60),
  resendEmail: () => limit('AUTH_LIMIT_RESEND_EMAIL', 3, 60),
  resetIp: () => limit('AUTH_LIMIT_RESET_IP', 10, 60),
  resetEmail: () => limit('AUTH_LIMIT_RESET_EMAIL', 3, 60),
};

/** Lifetime of a verification link and of a reset link, in minutes. */
export const verifyLinkMinutes = () => minutes('AUTH_VERIFY_LINK_MINUTES', 48 * 60);
export const resetLinkMinutes = () => minutes('AUTH_RESET_LINK_MINUTES', 60);
