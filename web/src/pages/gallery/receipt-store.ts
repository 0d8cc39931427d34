/**
 * The receipts this browser was given, by entry: kept in localStorage so the entry page shows the receipt after
 * a vote from a gallery card too, and after a reload. Nothing else reads them; a private window keeps none.
 */
const KEY = 'mfc_vote_receipts';
const MAX = 200;

function readAll(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();

export function rememberReceipt(entryId: number, receipt: string): void {
  const all = readAll();
  all[String(entryId)] = receipt;
  const kept = Object.entries(all).slice(-MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused: the receipt is still shown until the page is left.
  }
  for (const fn of listeners) fn();
}

export function receiptFor(entryId: number): string | undefined {
  return readAll()[String(entryId)];
}

export function onReceiptsChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
