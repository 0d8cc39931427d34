import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { HOME_NEWS_COUNT } from '../../../../common/query-keys';
import { useContest, useJury, useNewsList, useSponsors } from '../../api/queries';
import { GroupCards } from '../../components/GroupCards';
import { NewsCard } from '../../components/NewsCard';
import { PhaseTimeline } from '../../components/PhaseTimeline';
import { SponsorStrip } from '../../components/SponsorStrip';
import { usePageTitle } from '../../components/usePageTitle';
import { useLocale } from '../../i18n/use-locale';

const THEMES = [
  { title: 'home.theme1Title', body: 'home.theme1Body', icon: 'M12 2 3 6v6c0 5 3.8 9.7 9 11 5.2-1.3 9-6 9-11V6l-9-4Z' },
  { title: 'home.theme2Title', body: 'home.theme2Body', icon: 'M9 21h6v-2H9v2Zm3-19a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2Z' },
  {
    title: 'home.theme3Title',
    body: 'home.theme3Body',
    icon: 'M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4Zm8 0-.9.1c1.1.8 1.9 1.9 1.9 3.9v2h7v-2c0-2.7-5.3-4-8-4Z',
  },
] as const;

export default function HomePage() {
  const intl = useIntl();
  const { link } = useLocale();
  usePageTitle(intl.formatMessage({ id: 'route.home' }));
  const contest = useContest();
  const news = useNewsList(1, HOME_NEWS_COUNT);
  const jury = useJury();
  const sponsors = useSponsors();
  const year = new Date().getFullYear();

  return (
    <>
      <section className="hero">
        <div className="hero-bg" aria-hidden="true" />
        <div className="container hero-inner">
          <p className="hero-kicker">
            <FormattedMessage id="home.heroKicker" values={{ year }} />
          </p>
          <h1 className="hero-title">
            <FormattedMessage id="home.heroTitle" />
          </h1>
          <p className="hero-subtitle">
            <FormattedMessage id="home.heroSubtitle" />
          </p>
          <div className="hero-actions">
            <Link className="btn btn-primary btn-lg" to={link('/submitWorks')}>
              <FormattedMessage id="home.ctaSubmit" />
            </Link>
            <Link className="btn btn-ghost btn-lg" to={link('/gallery')}>
              <FormattedMessage id="home.ctaVote" />
            </Link>
            <Link className="btn btn-link-light" to={link('/eventDetails')}>
              <FormattedMessage id="home.ctaDetails" />
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="theme-title">
        <div className="container">
          <h2 id="theme-title" className="section-title">
            <FormattedMessage id="home.themeTitle" />
          </h2>
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
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="timeline-title">
        <div className="container">
          <h2 id="timeline-title" className="section-title">
            <FormattedMessage id="home.timelineTitle" />
          </h2>
          <PhaseTimeline contest={contest.data} />
        </div>
      </section>

      <section className="section" aria-labelledby="groups-title">
        <div className="container">
          <h2 id="groups-title" className="section-title">
            <FormattedMessage id="home.groupsTitle" />
          </h2>
          <GroupCards />
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="news-title">
        <div className="container">
          <div className="section-head">
            <h2 id="news-title" className="section-title">
              <FormattedMessage id="home.latestNews" />
            </h2>
            <Link to={link('/events')} className="section-more">
              <FormattedMessage id="common.viewAll" />
            </Link>
          </div>
          <div className="card-grid card-grid--4">
            {(news.data?.items ?? []).map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="jury-title">
        <div className="container">
          <div className="section-head">
            <h2 id="jury-title" className="section-title">
              <FormattedMessage id="home.juryPreview" />
            </h2>
            <Link to={link('/professionalJury')} className="section-more">
              <FormattedMessage id="common.viewAll" />
            </Link>
          </div>
          <ul className="jury-preview">
            {(jury.data ?? []).slice(0, 6).map((m) => (
              <li key={m.id}>
                <img src={m.photoUrl} alt={m.name} loading="lazy" width={120} height={120} />
                <strong>{m.name}</strong>
                <span>{m.title}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="sponsors-title">
        <div className="container">
          <h2 id="sponsors-title" className="section-title">
            <FormattedMessage id="home.sponsorsTitle" />
          </h2>
          <SponsorStrip sponsors={sponsors.data ?? []} />
        </div>
      </section>
    </>
  );
}
