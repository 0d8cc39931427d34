import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useNewsItem } from '../../api/queries';
import { PageLoading } from '../../components/PageLoading';
import { RichText } from '../../components/RichText';
import { usePageTitle } from '../../components/usePageTitle';
import { useLocale } from '../../i18n/use-locale';
import NotFoundPage from '../errors/NotFoundPage';
import ServerErrorPage from '../errors/ServerErrorPage';

export default function NewsItemPage() {
  const { id } = useParams();
  const intl = useIntl();
  const { link } = useLocale();
  const numeric = Number(id);
  const valid = Number.isInteger(numeric) && numeric > 0;
  const news = useNewsItem(valid ? numeric : 0);
  usePageTitle(news.data?.title ?? intl.formatMessage({ id: 'route.events' }));

  if (!valid || (news.error instanceof ApiError && news.error.status === 404)) return <NotFoundPage />;
  if (news.error) return <ServerErrorPage />;
  if (!news.data) return <PageLoading />;
  const item = news.data;
  return (
    <article className="container article">
      <nav className="breadcrumb">
        <Link to={link('/events')}>
          <FormattedMessage id="news.backToList" />
        </Link>
      </nav>
      <header className="article-header">
        <div className="news-meta">
          <span className={`tag tag--${item.category}`}>
            <FormattedMessage id={`news.category.${item.category}`} />
          </span>
          <time dateTime={item.publishedAt}>
            <FormattedDate value={item.publishedAt} year="numeric" month="long" day="numeric" />
          </time>
        </div>
        <h1>{item.title}</h1>
        <p className="article-lead">{item.summary}</p>
      </header>
      <img className="article-cover" src={item.coverUrl} alt="" width={960} height={540} />
      <RichText html={item.body} className="article-body" />
      <nav className="article-nav">
        {item.newer ? (
          <Link to={link(`/events/${item.newer.id}`)} className="article-nav-link">
            <span className="muted">
              <FormattedMessage id="news.newer" />
            </span>
            <span>{item.newer.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {item.older && (
          <Link to={link(`/events/${item.older.id}`)} className="article-nav-link article-nav-link--next">
            <span className="muted">
              <FormattedMessage id="news.older" />
            </span>
            <span>{item.older.title}</span>
          </Link>
        )}
      </nav>
    </article>
  );
}
