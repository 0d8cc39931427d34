import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { NewsSummary } from '../../../common/api-types';
import { useLocale } from '../i18n/use-locale';

/**
 * `headingLevel` keeps the page outline in order: h3 under a section's h2, h2 directly under the page h1.
 * `priority` marks a card at the top of a list: its cover is the page's largest paint, so it is fetched
 * at once and first rather than lazily.
 */
export function NewsCard({
  item,
  layout = 'card',
  headingLevel = 3,
  priority = false,
}: {
  item: NewsSummary;
  layout?: 'card' | 'row';
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const { link } = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`news-card news-card--${layout}`}>
      <Link to={link(`/events/${item.id}`)} className="news-card-media" tabIndex={-1} aria-hidden="true">
        <img src={item.coverUrl} alt="" loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} width={480} height={270} />
      </Link>
      <div className="news-card-body">
        <div className="news-meta">
          <span className={`tag tag--${item.category}`}>
            <FormattedMessage id={`news.category.${item.category}`} />
          </span>
          <time dateTime={item.publishedAt}>
            <FormattedDate value={item.publishedAt} year="numeric" month="short" day="numeric" />
          </time>
        </div>
        <Heading className="news-card-title">
          <Link to={link(`/events/${item.id}`)}>{item.title}</Link>
        </Heading>
        <p className="news-card-summary">{item.summary}</p>
      </div>
    </article>
  );
}
