import { lazy, Suspense, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, NEWS_CATEGORIES, type NewsCategory } from '../../../../common/constants';
import { useNewsList } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { NewsCard } from '../../components/NewsCard';
import { PageHeader } from '../../components/PageHeader';
import { useNearViewport } from '../../components/useNearViewport';

/** Rows shown while the first page loads, so the layout does not jump when it arrives. */
const PLACEHOLDER_KEYS = ['a', 'b', 'c', 'd'];

/**
 * antd (code and its first CSS-in-JS pass) costs a phone several hundred milliseconds of main thread.
 * The pager sits below ten news rows, so it is its own chunk and mounts once the visitor is within three
 * screens of it (at once on a desktop, where the list is short): the list and its cover, the largest
 * paint, no longer wait for it.
 */
const NewsPager = lazy(() => import('./NewsPager'));
const PAGER_MARGIN = '300%';

export default function NewsListPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const raw = params.get('category');
  const category = NEWS_CATEGORIES.includes(raw as NewsCategory) ? (raw as NewsCategory) : undefined;
  const pageSize = [10, 20, 50].includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : DEFAULT_PAGE_SIZE;
  const news = useNewsList(page, pageSize, category);
  const pagerSlot = useRef<HTMLDivElement>(null);
  const pagerWanted = useNearViewport(pagerSlot, PAGER_MARGIN, Boolean(news.data));

  const go = (next: { page?: number; pageSize?: number; category?: NewsCategory | null }) => {
    const p = new URLSearchParams(params);
    if (next.pageSize !== undefined && next.pageSize !== pageSize) {
      if (next.pageSize === DEFAULT_PAGE_SIZE) p.delete('pageSize');
      else p.set('pageSize', String(next.pageSize));
      next.page = 1;
    }
    if (next.category !== undefined) {
      if (next.category) p.set('category', next.category);
      else p.delete('category');
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    setParams(p);
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'route.events' })} />
      <div className="container section">
        <fieldset className="chip-row">
          <legend className="visually-hidden">
            <FormattedMessage id="route.events" />
          </legend>
          {[undefined, ...NEWS_CATEGORIES].map((c) => (
            <button
              key={c ?? 'all'}
              type="button"
              className={`chip ${category === c ? 'is-active' : ''}`}
              aria-pressed={category === c}
              onClick={() => go({ category: c ?? null })}
            >
              <FormattedMessage id={`news.category.${c ?? 'all'}`} />
            </button>
          ))}
        </fieldset>
        <div className="news-list" aria-busy={news.isFetching}>
          {news.data?.items.length === 0 && category && (
            <p className="muted">
              <FormattedMessage id="common.empty" />
            </p>
          )}
          {news.data?.total === 0 && !category && <EmptyState titleKey="empty.news.title" textKey="empty.news.text" />}
          {!news.data && PLACEHOLDER_KEYS.map((k) => <div key={k} className="news-card news-card--row news-card--placeholder" aria-hidden="true" />)}
          {(news.data?.items ?? []).map((item, i) => (
            <NewsCard key={item.id} item={item} layout="row" headingLevel={2} priority={i === 0} />
          ))}
        </div>
        <div ref={pagerSlot}>
          {pagerWanted && news.data && news.data.total > 0 && (
            <Suspense fallback={null}>
              <NewsPager
                page={page}
                pageSize={news.data.pageSize}
                total={news.data.total}
                params={params}
                onChange={(p, size) => go({ page: p, pageSize: size })}
              />
            </Suspense>
          )}
        </div>
      </div>
    </>
  );
}
