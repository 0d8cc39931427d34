/**
 * Where a link in rich text may go: a web page or an e-mail address. The server's sanitiser keeps the
 * same schemes; the editor checks here first so the organiser hears why a link was not made.
 */
const LINK = /^(https?:\/\/[^\s/$.?#][^\s]*|mailto:[^\s@]+@[^\s@]+)$/i;

export function isAllowedLink(url: string): boolean {
  return LINK.test(url.trim());
}
