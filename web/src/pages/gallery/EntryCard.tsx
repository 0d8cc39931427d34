import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { type CountsShown, GALLERY_CARD_MAX_WIDTH, GALLERY_CARD_SIZES, type GalleryEntrySummary, type VoterMode } from '../../../../common/gallery';
import { useGroupNames } from '../../components/entry-form/use-group-names';
import { ResponsiveImage } from '../../components/media/ResponsiveImage';
import { useLocale } from '../../i18n/use-locale';
import { CardVoteButton } from './CardVoteButton';
import { VoteCountText } from './VoteCountText';

export function entryNo(no: number | null): string {
  return no === null ? '' : String(no).padStart(3, '0');
}

/**
 * One gallery card: cover, entry number, title, team and vote count, and the entry page's vote button (same
 * rules and messages; a second vote is told "You have voted" by the server, as on the entry page).
 * `priority`: a first-row card, fetched at once.
 */
export function EntryCard({
  entry,
  priority = false,
  votingOpen,
  voterMode,
  counts,
  titleTag: Title = 'h2',
}: {
  entry: GalleryEntrySummary;
  priority?: boolean;
  votingOpen: boolean;
  voterMode: VoterMode;
  counts?: CountsShown;
  /** h3 where the cards sit under a section's h2 (the home page), so the headings keep their order. */
  titleTag?: 'h2' | 'h3';
}) {
  const { link } = useLocale();
  const { nameOf } = useGroupNames();
  return (
    <li className="entry-card">
      <Link to={link(`/gallery/${entry.id}`)}>
        <div className="entry-card-media">
          {entry.coverUrl && (
            <ResponsiveImage
              src={entry.coverUrl}
              alt=""
              sizes={GALLERY_CARD_SIZES}
              width={400}
              height={400}
              maxWidth={GALLERY_CARD_MAX_WIDTH}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
            />
          )}
          <span className="entry-card-no">
            <FormattedMessage id="gallery.entryNo" values={{ no: entryNo(entry.entryNo) }} />
          </span>
          <span className={`entry-card-group entry-card-group--${entry.group}`}>{nameOf(entry.group)}</span>
        </div>
        <div className="entry-card-body">
          <Title className="entry-card-title" lang={entry.titleLang}>
            {entry.title}
          </Title>
          <p className="entry-card-team muted" lang={entry.lang}>
            {entry.team}
          </p>
        </div>
      </Link>
      <fieldset className="entry-card-foot">
        <legend className="visually-hidden" lang={entry.titleLang}>
          {entry.title}
        </legend>
        <p className="entry-card-votes">
          <VoteCountText voteCount={entry.voteCount} counts={counts} />
        </p>
        <CardVoteButton entry={{ id: entry.id, voted: false, votingOpen, voterMode }} />
      </fieldset>
    </li>
  );
}
