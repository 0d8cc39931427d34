import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

/** The banner every inner page opens with; it also sets the document title. */
export function PageHeader({ title, intro, docTitle }: { title: string; intro?: ReactNode; docTitle?: string }) {
  usePageTitle(docTitle ?? title);
  return (
    <section className="page-header">
      <div className="container">
        <h1>{title}</h1>
        {intro && <p className="page-intro">{intro}</p>}
      </div>
    </section>
  );
}
