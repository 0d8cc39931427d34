import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';

/** The one layout shared by the exhibition list and detail. */
export default function ExhibitionLayout() {
  const intl = useIntl();
  return (
    <div className="section-layout section-layout--exhibition">
      <PageHeader title={intl.formatMessage({ id: 'route.exhibition' })} intro={intl.formatMessage({ id: 'exhibition.intro' })} />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
