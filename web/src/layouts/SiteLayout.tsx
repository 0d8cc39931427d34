import { type CSSProperties, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router';
import { useIdentity } from '../api/queries';
import { PageLoading } from '../components/PageLoading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export function SiteLayout() {
  // The organiser's primary colour replaces the product's blue (buttons, links, accents).
  const colour = useIdentity()?.primaryColor;
  const style = colour ? ({ '--blue': colour } as CSSProperties) : undefined;
  return (
    <div className="site" style={style}>
      <a className="skip-link" href="#main">
        <FormattedMessage id="common.skipToContent" />
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
