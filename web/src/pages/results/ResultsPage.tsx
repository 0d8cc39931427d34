import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { GALLERY_CARD_MAX_WIDTH, GALLERY_CARD_SIZES } from '../../../../common/gallery';
import type { ResultWinner } from '../../../../common/jury/api-types';
import { useResults } from '../../api/queries';
import { ResponsiveImage } from '../../components/media/ResponsiveImage';
import { PageHeader } from '../../components/PageHeader';
import { useLocale } from '../../i18n/use-locale';
import { entryNo } from '../gallery/EntryCard';
import './results.css';
import { useGroupNames } from '../../components/entry-form/use-group-names';

function WinnerCard({ winner, featured }: { winner: ResultWinner; featured: boolean }) {
  const { link } = useLocale();
  return (
    <li className={`winner-card${featured ? ' winner-card--featured' : ''}`} data-testid="winner-card">
      <Link to={link(`/gallery/${winner.entryId}`)}>
        <div className="winner-card-media">
          {winner.coverUrl && (
            <ResponsiveImage src={winner.coverUrl} alt="" sizes={GALLERY_CARD_SIZES} width={400} height={400} maxWidth={GALLERY_CARD_MAX_WIDTH} />
          )}
          <span className="winner-card-award">{winner.award}</span>
        </div>
        <div className="winner-card-body">
          <span className="winner-card-no">
            <FormattedMessage id="gallery.entryNo" values={{ no: entryNo(winner.entryNo) }} />
          </span>
          <h3 className="winner-card-title" lang={winner.titleLang}>
            {winner.title}
          </h3>
          <p className="winner-card-team">{winner.team}</p>
        </div>
      </Link>
    </li>
  );
}

/** /results: the award winners of each group, published by the organiser; each card opens the film's gallery page. */
export default function ResultsPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const results = useResults();
  const { nameOf } = useGroupNames();
  const data = results.data;
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'route.results' })} intro={intl.formatMessage({ id: data ? 'results.intro' : 'results.soon' })} />
      <div className="container results" aria-busy={results.isLoading}>
        {data === null && (
          <p className="results-soon">
            <Link to={link('/gallery')} className="btn btn-primary">
              <FormattedMessage id="results.toGallery" />
            </Link>
          </p>
        )}
        {data?.groups
          .filter((g) => g.winners.length > 0)
          .map((g) => (
            <section key={g.group} className="results-group" aria-labelledby={`results-${g.group}`}>
              <h2 id={`results-${g.group}`} className="section-title">
                {nameOf(g.group)}
              </h2>
              <ul className="winner-grid">
                {g.winners.map((w, i) => (
                  <WinnerCard key={w.entryId} winner={w} featured={i === 0} />
                ))}
              </ul>
            </section>
          ))}
        {data && (
          <p className="results-date muted">
            <FormattedMessage id="results.publishedAt" values={{ date: new Date(data.publishedAt).toLocaleDateString(intl.locale, { dateStyle: 'long' }) }} />
          </p>
        )}
      </div>
    </>
  );
}
