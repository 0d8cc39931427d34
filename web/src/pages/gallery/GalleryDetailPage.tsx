import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { ResponsiveImage } from '../../components/media/ResponsiveImage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../components/usePageTitle';
import { useLocale } from '../../i18n/use-locale';
import NotFoundPage from '../errors/NotFoundPage';
import ServerErrorPage from '../errors/ServerErrorPage';
import { CopyAndQr } from './CopyAndQr';
import { entryNo } from './EntryCard';
import { EntryPlayer } from './EntryPlayer';
import { FilmCredits } from './FilmCredits';
import { useGalleryEntry } from './gallery-api';
import { PosterButton, SocialShare } from './ShareButtons';
import { VoteButton } from './VoteButton';
import { VoteCountText } from './VoteCountText';
import { VoteReceipt } from './VoteReceipt';
import './gallery.css';
import { useGroupNames } from '../../components/entry-form/use-group-names';

/**
 * One entry: the film, its title (the page's h1), credits and runtime, votes, voting, sharing, the team's
 * texts, previous / next. The entrant's texts carry `lang` (the language they wrote in), so a screen reader
 * reads a Chinese title with a Chinese voice on the English page.
 */
export default function GalleryDetailPage() {
  const { id } = useParams();
  const intl = useIntl();
  const { link } = useLocale();
  const { nameOf } = useGroupNames();
  const numeric = Number(id);
  const valid = Number.isInteger(numeric) && numeric > 0;
  const q = useGalleryEntry(valid ? numeric : 0);
  usePageTitle(q.data?.title);
  if (!valid || (q.error instanceof ApiError && q.error.status === 404)) return <NotFoundPage />;
  if (q.error) return <ServerErrorPage />;
  if (!q.data) return <PageLoading />;
  const e = q.data;
  const no = entryNo(e.entryNo);
  return (
    <article className="container entry-detail">
      <nav className="breadcrumb">
        <Link to={link('/gallery')}>
          <FormattedMessage id="gallery.backToList" />
        </Link>
      </nav>
      <div className="entry-stage">
        <div className="entry-player">
          <EntryPlayer entry={e} />
        </div>
        <aside className="entry-panel">
          <p className="entry-meta">
            <span className="chip">
              <FormattedMessage id="gallery.entryNo" values={{ no }} />
            </span>
            <span className="chip">{nameOf(e.group)}</span>
          </p>
          <h1 className="entry-title" lang={e.titleLang}>
            {e.title}
          </h1>
          <FilmCredits entry={e} />
          <p className="entry-votes" aria-live="polite" data-testid="vote-count">
            <VoteCountText voteCount={e.voteCount} counts={e.counts} />
          </p>
          <VoteButton key={e.id} entry={e} />
          <VoteReceipt entryId={e.id} />
          <div className="entry-share">
            <h2 className="entry-share-title">
              <FormattedMessage id="share.heading" />
            </h2>
            <SocialShare url={e.shareUrl} text={intl.formatMessage({ id: 'share.text' }, { title: e.title, no })} />
            <CopyAndQr url={e.shareUrl} />
            <PosterButton entryId={e.id} />
          </div>
        </aside>
      </div>
      <div className="entry-texts">
        <section>
          <h2>
            <FormattedMessage id="gallery.creationBackground" />
          </h2>
          <p lang={e.lang}>{e.description}</p>
        </section>
        <section className="entry-team-intro">
          <h2>
            <FormattedMessage id="gallery.teamIntro" />
          </h2>
          <div className="entry-team-row">
            {e.teamLogoUrl && (
              <ResponsiveImage
                src={e.teamLogoUrl}
                alt={intl.formatMessage({ id: 'gallery.teamLogoAlt' }, { team: e.team })}
                sizes="120px"
                widths={[160, 240]}
                width={120}
                height={80}
              />
            )}
            <div>
              <p className="entry-team-name" lang={e.lang}>
                {e.team}
              </p>
              <p lang={e.lang}>{e.teamDesc}</p>
            </div>
          </div>
        </section>
        {e.slogan && (
          <section>
            <h2>
              <FormattedMessage id="gallery.slogan" />
            </h2>
            <blockquote className="entry-slogan" lang={e.lang}>
              {e.slogan}
            </blockquote>
          </section>
        )}
      </div>
      <nav className="article-nav">
        {e.prevId ? (
          <Link className="article-nav-link" to={link(`/gallery/${e.prevId}`)}>
            <FormattedMessage id="gallery.prev" />
          </Link>
        ) : (
          <span />
        )}
        {e.nextId && (
          <Link className="article-nav-link article-nav-link--next" to={link(`/gallery/${e.nextId}`)}>
            <FormattedMessage id="gallery.next" />
          </Link>
        )}
      </nav>
    </article>
  );
}
