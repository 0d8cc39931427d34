import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';

/** The layout the gallery list and detail sit under (SPEC §2). */
export default function GalleryLayout() {
  const intl = useIntl();
  return (
    <div className="section-layout section-layout--gallery">
      <PageHeader title={intl.formatMessage({ id: 'route.gallery' })} intro={intl.formatMessage({ id: 'gallery.intro' })} />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
