import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

/**
 * The banner every inner page opens with; it also sets the document title. A detail page whose own title is
 * its h1 (a film) shows the section's name here as plain text (`heading={false}`).
 */
export function PageHeader({ title, intro, docTitle, heading = true }: { title: string; intro?: ReactNode; docTitle?: string; heading?: boolean }) {
  usePageTitle(docTitle ?? title);
  return (
    <section className="page-header">
      <div className="container">
        {heading ? <h1>{title}</h1> : <p className="page-header-title">{title}</p>}
        {intro && <p className="page-intro">{intro}</p>}
      </div>
    </section>
  );
}
