import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { GALLERY_FIRST_ROW } from '../../../../common/gallery';
import { useVotingWindow } from '../../components/useVotingWindow';
import { useLocale } from '../../i18n/use-locale';
import { EntryCard } from '../gallery/EntryCard';
import { useHomeFilms } from '../gallery/gallery-api';
import '../gallery/gallery.css';

/**
 * The home page's strip of approved films with the gallery's cards (cover, number, title, count, Vote button).
 * Nothing at all while the gallery is closed or nothing is approved yet: no empty band on a new contest.
 */
export function HomeFilms() {
  const { link } = useLocale();
  const films = useHomeFilms().data;
  // As on the gallery: the contest's clock says whether voting is open, moved on while the page stays open.
  const votingOpen = useVotingWindow()?.open ?? false;
  if (!films || films.items.length === 0) return null;
  return (
    <section className="section section--tint home-films" aria-labelledby="films-title" data-testid="home-films">
      <div className="container">
        <div className="section-head">
          <h2 id="films-title" className="section-title">
            <FormattedMessage id={films.order === 'mostVoted' ? 'home.filmsMostVoted' : 'home.filmsNewest'} />
          </h2>
          <Link to={link('/gallery')} className="section-more">
            <FormattedMessage id="common.viewAll" />
          </Link>
        </div>
        <ul className="entry-grid">
          {films.items.map((entry, i) => (
            <EntryCard
              key={entry.id}
              entry={entry}
              titleTag="h3"
              priority={i < GALLERY_FIRST_ROW}
              votingOpen={votingOpen}
              voterMode={films.voterMode}
              counts={films.counts}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
