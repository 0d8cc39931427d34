import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageKey } from '../../../../common/i18n/index';
import { HOME_NEWS_COUNT } from '../../../../common/query-keys';
import { safeUrl } from '../../../../common/safe-url';
import { useContest, useIdentity, useJury, useNewsList, useSponsors } from '../../api/queries';
import { GroupCards } from '../../components/GroupCards';
import { NewsCard } from '../../components/NewsCard';
import { PhaseTimeline } from '../../components/PhaseTimeline';
import { SponsorStrip } from '../../components/SponsorStrip';
import { usePageTitle } from '../../components/usePageTitle';
import { VotingCountdown } from '../../components/VotingCountdown';
import { useLocale } from '../../i18n/use-locale';
import { HomeFilms } from './HomeFilms';

const THEMES = [
  { title: 'home.theme1Title', body: 'home.theme1Body', icon: 'M12 2 3 6v6c0 5 3.8 9.7 9 11 5.2-1.3 9-6 9-11V6l-9-4Z' },
  { title: 'home.theme2Title', body: 'home.theme2Body', icon: 'M9 21h6v-2H9v2Zm3-19a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2Z' },
  {
    title: 'home.theme3Title',
    body: 'home.theme3Body',
    icon: 'M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4Zm8 0-.9.1c1.1.8 1.9 1.9 1.9 3.9v2h7v-2c0-2.7-5.3-4-8-4Z',
  },
] as const;

const HERO_ACTIONS = [
  { path: '/submitWorks', className: 'btn btn-primary btn-lg', label: 'home.ctaSubmit' },
  { path: '/gallery', className: 'btn btn-ghost btn-lg', label: 'home.ctaVote' },
  { path: '/eventDetails', className: 'btn btn-link-light', label: 'home.ctaDetails' },
] as const;

/** A band of the home page: its h2 (with a "view all" link to `moreHref`), then the content; `tint` alternates the background. */
function HomeSection({
  headingId,
  titleKey,
  tint,
  moreHref,
  children,
}: {
  headingId: string;
  titleKey: MessageKey;
  tint?: boolean;
  moreHref?: string;
  children: ReactNode;
}) {
  const title = (
    <h2 id={headingId} className="section-title">
      <FormattedMessage id={titleKey} />
    </h2>
  );
  return (
    <section className={tint ? 'section section--tint' : 'section'} aria-labelledby={headingId}>
      <div className="container">
        {moreHref ? (
          <div className="section-head">
            {title}
            <Link to={moreHref} className="section-more">
              <FormattedMessage id="common.viewAll" />
            </Link>
          </div>
        ) : (
          title
        )}
        {children}
      </div>
    </section>
  );
}

export default function HomePage() {
  const intl = useIntl();
  const { link } = useLocale();
  usePageTitle(intl.formatMessage({ id: 'route.home' }));
  const contest = useContest();
  const news = useNewsList(1, HOME_NEWS_COUNT);
  const jury = useJury();
  const sponsors = useSponsors();
  const year = new Date().getFullYear();
  const identity = useIdentity();
  const heroImage = safeUrl(identity?.heroImageUrl);
  // A new contest has no news, jury or sponsors yet: their sections stay out rather than stand empty.
  const none = (list: { data?: unknown[] }) => list.data !== undefined && list.data.length === 0;

  return (
    <>
      <section className={heroImage ? 'hero hero--image' : 'hero'}>
        <div className="hero-bg" aria-hidden="true">
          {heroImage && <img className="hero-image" src={heroImage} alt="" fetchPriority="high" decoding="async" />}
        </div>
        <div className="container hero-inner">
          <p className="hero-kicker">
            <FormattedMessage id="home.heroKicker" values={{ year }} />
          </p>
          <h1 className="hero-title">{identity?.heroTitle || intl.formatMessage({ id: 'home.heroTitle' })}</h1>
          <p className="hero-subtitle">{identity?.heroSubtitle || intl.formatMessage({ id: 'home.heroSubtitle' })}</p>
          <div className="hero-actions">
            {HERO_ACTIONS.map((a) => (
              <Link key={a.path} className={a.className} to={link(a.path)}>
                <FormattedMessage id={a.label} />
              </Link>
            ))}
          </div>
          <VotingCountdown className="voting-countdown--hero" />
        </div>
      </section>

      <HomeFilms />

      <HomeSection headingId="theme-title" titleKey="home.themeTitle">
        <p className="section-lead">
          <FormattedMessage id="home.themeBody" />
        </p>
        <div className="feature-grid">
          {THEMES.map((t) => (
            <div key={t.title} className="feature">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
                <path fill="currentColor" d={t.icon} />
              </svg>
              <h3>
                <FormattedMessage id={t.title} />
              </h3>
              <p>
                <FormattedMessage id={t.body} />
              </p>
            </div>
          ))}
        </div>
      </HomeSection>

      <HomeSection headingId="timeline-title" titleKey="home.timelineTitle" tint>
        <PhaseTimeline contest={contest.data} />
      </HomeSection>

      <HomeSection headingId="groups-title" titleKey="home.groupsTitle">
        <GroupCards />
      </HomeSection>

      {!none({ data: news.data?.items }) && (
        <HomeSection headingId="news-title" titleKey="home.latestNews" tint moreHref={link('/events')}>
          <div className="card-grid card-grid--4">
            {(news.data?.items ?? []).map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </div>
        </HomeSection>
      )}

      {!none(jury) && (
        <HomeSection headingId="jury-title" titleKey="home.juryPreview" moreHref={link('/professionalJury')}>
          <ul className="jury-preview">
            {(jury.data ?? []).slice(0, 6).map((m) => (
              <li key={m.id}>
                <img src={m.photoUrl} alt={m.name} loading="lazy" width={120} height={120} />
                <strong>{m.name}</strong>
                <span>{m.title}</span>
              </li>
            ))}
          </ul>
        </HomeSection>
      )}

      {!none(sponsors) && (
        <HomeSection headingId="sponsors-title" titleKey="home.sponsorsTitle" tint>
          <SponsorStrip sponsors={sponsors.data ?? []} />
        </HomeSection>
      )}
    </>
  );
}
