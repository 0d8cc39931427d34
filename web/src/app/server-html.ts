import { createContext, useSyncExternalStore } from 'react';
import type { Locale } from '../../../common/locales';

/**
 * Public pages arrive painted by the server and are then hydrated: the browser's first render must produce
 * the same markup, so whatever only the browser knows (the clock, the address bar's origin) is shown right
 * after hydration, not during it. Signed-in visitors get a fresh render (main.tsx).
 */

/** The locale the server rendered a bare path in (from Accept-Language); a prefixed path names its own. */
export const RenderedLocaleContext = createContext<Locale | undefined>(undefined);

let hydrating = false;

/** Called once before hydrateRoot: the first render is the server's markup. */
export function beginHydration(): void {
  hydrating = true;
}

/** A hydration that could not start (a chunk did not load): the app is drawn fresh instead. */
export function cancelHydration(): void {
  hydrating = false;
}

const subscribeNothing = () => () => undefined;

/** False on the server and during hydration, true afterwards (and in a plain browser render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** The site's own origin in the browser; empty while the markup must match the server's. */
export function useOrigin(): string {
  return useSyncExternalStore(
    subscribeNothing,
    () => window.location.origin,
    () => '',
  );
}

/**
 * Marks <html data-app="hydrated|rendered"> once the app's first render is on screen and live: how the page
 * came alive (taken over from the server's HTML, or drawn fresh), and the moment it answers clicks.
 */
export function markAppStarted(): void {
  document.documentElement.dataset.app = hydrating ? 'hydrated' : 'rendered';
}
