import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export function SiteLayout() {
  return (
    <div className="site">
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
