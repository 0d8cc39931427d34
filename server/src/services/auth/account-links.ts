import type { Locale } from '../../../../common/locales';
import type { Config } from '../../config';

/** Links in e-mails and redirects, always from PUBLIC_URL (never the request's Host header). */
export function verifyLink(config: Config, token: string, locale: Locale): string {
  return `${config.publicUrl}/api/auth/verify?token=${encodeURIComponent(token)}&lang=${locale}`;
}

export function resetLink(config: Config, token: string, locale: Locale): string {
  return `${config.publicUrl}/${locale}/resetPassword?token=${encodeURIComponent(token)}`;
}

/** Where the verification link lands: the result page under the person's locale prefix. */
export function activationResultUrl(config: Config, ok: boolean, locale: Locale | undefined): string {
  const prefix = locale ? `/${locale}` : '';
  return `${config.publicUrl}${prefix}/${ok ? 'activateLogin' : 'activateFaild'}`;
}
