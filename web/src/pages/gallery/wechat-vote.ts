/**
 * WeChat voters' trip through WeChat's authorisation, loaded only in wechat mode when it is needed (the
 * click of a visitor not yet signed in, or the way back). The server's authorisation link picks WeChat's page
 * (silent inside WeChat, a QR code elsewhere) and brings the visitor back to this page with `wxVote=<id>`
 * (signed in: cast the vote) or `wxEntry=<id>&wxError=<code>`.
 */
export function goToWechatSignIn(entryId: number, returnTo: string): void {
  window.location.assign(`/api/gallery/wechat/authorize?${new URLSearchParams({ entryId: String(entryId), returnTo })}`);
}

export type WechatReturn = { kind: 'vote' } | { kind: 'error'; code: number } | undefined;

/** What the way back says about this entry, and the page's query without it (to replace the address with). */
export function wechatReturn(search: string, entryId: number): { outcome: WechatReturn; rest: string } {
  const q = new URLSearchParams(search);
  const id = String(entryId);
  let outcome: WechatReturn;
  if (q.get('wxVote') === id) outcome = { kind: 'vote' };
  else if (q.get('wxEntry') === id && q.get('wxError')) outcome = { kind: 'error', code: Number(q.get('wxError')) };
  for (const k of ['wxVote', 'wxEntry', 'wxError']) q.delete(k);
  const rest = q.toString();
  return { outcome, rest: rest ? `?${rest}` : '' };
}

/** Whether this browser signed in through WeChat lately (a hint the server sets beside its signed cookie). */
export const wechatSignedIn = () => document.cookie.split(/;\s*/).includes('mfc_wx_in=1');
