/** What Tab can reach inside a box: links, buttons and fields that are enabled and drawn. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbablesIn(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * Keeps Tab inside `box` (a modal panel): Tab on its last stop goes to its first, Shift+Tab on its first to its
 * last, and a Tab from outside it comes back in. Call from a keydown handler; other keys are left alone.
 */
export function keepTabWithin(box: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const stops = tabbablesIn(box);
  if (stops.length === 0) return;
  const first = stops[0] as HTMLElement;
  const last = stops[stops.length - 1] as HTMLElement;
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && box.contains(active);
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
