import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * antd's table copies every column title into a hidden row it measures widths with. A title that can take
 * focus (the select-all box) would then be a second, invisible tab stop inside an aria-hidden row; this
 * renders its children only in the real header. The check runs before the first paint, so the copy is never
 * seen or reached.
 */
export function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [hidden, setHidden] = useState(false);
  useLayoutEffect(() => {
    if (ref.current?.closest('[aria-hidden="true"]')) setHidden(true);
  }, []);
  return <span ref={ref}>{hidden ? null : children}</span>;
}
