import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { LOAD_MORE_THRESHOLD_PX } from '../../../../common/constants';
import { GALLERY_FIRST_ROW, GALLERY_SORTS, type GallerySort } from '../../../../common/gallery';
import { useContest } from '../../api/queries';
import { formatContestTime } from '../../components/contest-time';
import { EmptyState } from '../../components/EmptyState';
import { useVotingWindow } from '../../components/useVotingWindow';
import { VotingCountdown } from '../../components/VotingCountdown';
import { EntryCard } from './EntryCard';
import { useGalleryPages } from './gallery-api';
import './gallery.css';
import { useGroupNames } from '../../components/entry-form/use-group-names';

/**
 * The gallery: group tabs, search, sort and load-more on scroll. Filters live in the URL and loaded pages
 * in the query cache, so coming back from an entry shows the same list at the same place.
 */
export default function GalleryListPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const { groups, nameOf } = useGroupNames();
  // A group in the address is taken as it is (a shared link works before the names arrive); the server checks it.
  const group = params.get('group') || undefined;
  const tabs = ['all', ...new Set([...(groups.length ? groups.map((g) => g.key) : ['open', 'student']), ...(group ? [group] : [])])];
  const sort = GALLERY_SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const pages = useGalleryPages({ group, q, sort });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total;
  const votingOpen = useVotingWindow()?.open ?? false;
  const voterMode = pages.data?.pages[0]?.voterMode ?? 'anonymous';
  const counts = pages.data?.pages[0]?.counts;
  const first = pages.data?.pages[0];
  const contest = useContest().data;

  const update = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) v ? merged.set(k, v) : merged.delete(k);
    setParams(merged, { replace: true });
  };

  // Load the next page when the end of the list comes within LOAD_MORE_THRESHOLD_PX of the viewport.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver(
      (seen) => {
        if (seen.some((s) => s.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${LOAD_MORE_THRESHOLD_PX}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (first?.notYetOpen) {
    const opens = first.opensAt && contest ? formatContestTime(intl, first.opensAt, contest.timeZone, true) : null;
    return (
      <div className="container gallery">
        <section className="gallery-coming-soon" data-testid="gallery-coming-soon">
          <h2>
            <FormattedMessage id="gallery.comingSoon.title" />
          </h2>
          <p className="muted">
            {opens && contest ? (
              <FormattedMessage
                id="gallery.comingSoon.opens"
                values={{ date: <time dateTime={first.opensAt ?? undefined}>{opens}</time>, zone: contest.zoneLabel }}
              />
            ) : (
              <FormattedMessage id="gallery.comingSoon.noDate" />
            )}
          </p>
        </section>
      </div>
    );
  }

  return (
    <div className="container gallery">
      <VotingCountdown />
      <div className="gallery-toolbar">
        <div className="gallery-tabs" role="tablist" aria-label={intl.formatMessage({ id: 'gallery.tabsLabel' })}>
          {tabs.map((tab) => {
            const active = (group ?? 'all') === tab;
            return (
              <button
                key={tab}
                type="button"
                role="tab"
                aria-selected={active}
                className={`chip${active ? ' is-active' : ''}`}
                onClick={() => update({ group: tab === 'all' ? undefined : tab })}
              >
                {tab === 'all' ? <FormattedMessage id="gallery.tabs.all" /> : nameOf(tab)}
              </button>
            );
          })}
        </div>
        <search className="gallery-search">
          {/* Sent by the browser itself (no JavaScript yet), the form opens ?q=, which the server paints filtered. */}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              // The field's own text: typed before the app took the painted page over, it is not in `draft`.
              const typed = new FormData(e.currentTarget).get('q');
              update({ q: (typeof typed === 'string' ? typed : draft).trim() || undefined });
            }}
          >
            <label className="visually-hidden" htmlFor="gallery-q">
              <FormattedMessage id="gallery.searchLabel" />
            </label>
            <input
              id="gallery-q"
              name="q"
              type="search"
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={intl.formatMessage({ id: 'gallery.searchPlaceholder' })}
            />
            <button type="submit" className="btn btn-primary">
              <FormattedMessage id="gallery.searchButton" />
            </button>
          </form>
        </search>
        <label className="gallery-sort">
          <span>
            <FormattedMessage id="gallery.sortLabel" />
          </span>
          <select value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : (e.target.value as GallerySort) })}>
            {/* Ordered by votes, the order would tell hidden or delayed counts: offered only while they show live. */}
            {GALLERY_SORTS.filter((s) => s !== 'votes' || sort === 'votes' || !counts || counts.display === 'live').map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage({ id: `gallery.sort.${s}` })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {total !== undefined && (
        <p className="gallery-total muted" aria-live="polite">
          <FormattedMessage id="gallery.total" values={{ total }} />
        </p>
      )}
      <ul className="entry-grid" aria-busy={pages.isFetching}>
        {items.map((entry, i) => (
          <EntryCard key={entry.id} entry={entry} priority={i < GALLERY_FIRST_ROW} votingOpen={votingOpen} voterMode={voterMode} counts={counts} />
        ))}
      </ul>
      {pages.isPending && <div className="spinner" role="status" aria-label={intl.formatMessage({ id: 'common.loading' })} />}
      {total === 0 && (group || q) && (
        <p className="muted gallery-empty">
          <FormattedMessage id="gallery.empty" />
        </p>
      )}
      {total === 0 && !group && !q && <EmptyState titleKey="empty.gallery.title" textKey="empty.gallery.text" />}
      <div ref={sentinel} className="gallery-more">
        {hasNextPage ? (
          <button type="button" className="btn btn-outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            <FormattedMessage id={isFetchingNextPage ? 'common.loading' : 'gallery.loadMore'} />
          </button>
        ) : (
          items.length > 0 && (
            <p className="muted">
              <FormattedMessage id="gallery.end" />
            </p>
          )
        )}
      </div>
    </div>
  );
}
