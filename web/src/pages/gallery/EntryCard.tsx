import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { GalleryEntrySummary } from '../../../../common/gallery';
import { ResponsiveImage } from '../../components/media/ResponsiveImage';
import { useLocale } from '../../i18n/use-locale';

export function entryNo(no: number | null): string {
  return no === null ? '' : String(no).padStart(3, '0');
}

/**
 * The card's CSS width (gallery.css .entry-grid): two columns inside 20 px margins on phones, then
 * 220 px+ columns in a 1200 px container, so a 375 px phone fetches a 160-240 px cover.
 */
const CARD_SIZES = '(max-width: 520px) calc(50vw - 26px), (max-width: 1000px) calc(33vw - 20px), 290px';

/** One gallery card: cover, entry number, title, team and vote count. */
export function EntryCard({ entry }: { entry: GalleryEntrySummary }) {
  const { link } = useLocale();
  return (
    <li className="entry-card">
      <Link to={link(`/gallery/${entry.id}`)}>
        <div className="entry-card-media">
          {entry.coverUrl && <ResponsiveImage src={entry.coverUrl} alt="" sizes={CARD_SIZES} width={400} height={400} maxWidth={400} />}
          <span className="entry-card-no">
            <FormattedMessage id="gallery.entryNo" values={{ no: entryNo(entry.entryNo) }} />
          </span>
          <span className={`entry-card-group entry-card-group--${entry.group}`}>
            <FormattedMessage id={`group.${entry.group}`} />
          </span>
        </div>
        <div className="entry-card-body">
          <h2 className="entry-card-title">{entry.title}</h2>
          <p className="entry-card-team muted">{entry.team}</p>
          <p className="entry-card-votes">
            <FormattedMessage id="gallery.votes" values={{ count: entry.voteCount }} />
          </p>
        </div>
      </Link>
    </li>
  );
}
