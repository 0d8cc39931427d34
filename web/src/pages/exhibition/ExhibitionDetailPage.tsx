import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useExhibition } from '../../api/queries';
import { PageLoading } from '../../components/PageLoading';
import { RichText } from '../../components/RichText';
import { usePageTitle } from '../../components/usePageTitle';
import { useLocale } from '../../i18n/use-locale';
import NotFoundPage from '../errors/NotFoundPage';
import ServerErrorPage from '../errors/ServerErrorPage';

export default function ExhibitionDetailPage() {
  const { id } = useParams();
  const { link } = useLocale();
  const numeric = Number(id);
  const valid = Number.isInteger(numeric) && numeric > 0;
  const ex = useExhibition(valid ? numeric : 0);
  usePageTitle(ex.data?.title);
  if (!valid || (ex.error instanceof ApiError && ex.error.status === 404)) return <NotFoundPage />;
  if (ex.error) return <ServerErrorPage />;
  if (!ex.data) return <PageLoading />;
  const item = ex.data;
  return (
    <article className="container article">
      <nav className="breadcrumb">
        <Link to={link('/exhibition')}>
          <FormattedMessage id="exhibition.backToList" />
        </Link>
      </nav>
      <header className="article-header">
        <h2 className="article-title">{item.title}</h2>
        <time dateTime={item.publishedAt} className="muted">
          <FormattedDate value={item.publishedAt} year="numeric" month="long" day="numeric" />
        </time>
        <p className="article-lead">{item.summary}</p>
      </header>
      {item.mediaUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: captions are burned in (entries must carry subtitles)
        <video className="article-cover" src={item.mediaUrl} poster={item.coverUrl} controls preload="none" />
      ) : (
        <img className="article-cover" src={item.coverUrl} alt="" width={960} height={540} />
      )}
      <RichText html={item.body} className="article-body" />
    </article>
  );
}
