import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

/**
 * The banner every inner page opens with; it also sets the document title. A detail page whose own title is
 * its h1 (a film) shows the section's name here as plain text (`heading={false}`); `compact` makes it a thin
 * strip, so what the visitor came for (a film's title and vote button) fits a phone's first screen.
 */
export function PageHeader({
  title,
  intro,
  docTitle,
  heading = true,
  compact = false,
}: {
  title: string;
  intro?: ReactNode;
  docTitle?: string;
  heading?: boolean;
  compact?: boolean;
}) {
  usePageTitle(docTitle ?? title);
  return (
    <section className={compact ? 'page-header page-header--compact' : 'page-header'}>
      <div className="container">
        {heading ? <h1>{title}</h1> : <p className="page-header-title">{title}</p>}
        {intro && <p className="page-intro">{intro}</p>}
      </div>
    </section>
  );
}
