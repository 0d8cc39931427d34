/**
 * One mailbox, one spelling: what voter identity and per-address limits key on. Case never matters;
 * Gmail ignores dots and everything after `+` in the local part and delivers googlemail.com to the same
 * mailbox, so `N.ame+1@googlemail.com` is `name@gmail.com`. Other providers' `+tags` usually reach the same
 * mailbox too, but not always, so they are stripped only when the organiser says so (`stripPlusTags`).
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function canonicalEmail(email: string, opts: { stripPlusTags?: boolean } = {}): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.split('+')[0]?.replaceAll('.', '') ?? local;
  } else if (opts.stripPlusTags) {
    local = local.split('+')[0] || local;
  }
  return `${local || address.slice(0, at)}@${domain}`;
}
