import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * Becomes true once the element comes within `margin` (CSS rootMargin, e.g. "300%" = three screens) of
 * the viewport, and stays true. For heavy widgets far down a page: a phone does not pay for them while
 * the page loads, and they are ready before the visitor scrolls to them. The switch renders in a
 * transition, in short slices.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: string, enabled = true): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setNear(true));
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          startTransition(() => setNear(true));
        }
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, margin, enabled, near]);
  return near;
}
