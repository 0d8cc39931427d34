import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';

/** The one layout the gallery list and detail sit under. */
export default function GalleryLayout() {
  const intl = useIntl();
  // On a film's page the film's title is the h1; the banner then names the section without a heading, as a
  // thin strip: most visitors arrive there on a phone from a shared link, to watch and vote.
  const onFilm = useParams().id !== undefined;
  return (
    <div className="section-layout section-layout--gallery">
      <PageHeader
        title={intl.formatMessage({ id: 'route.gallery' })}
        intro={onFilm ? undefined : intl.formatMessage({ id: 'gallery.intro' })}
        heading={!onFilm}
        compact={onFilm}
      />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
