import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Code } from '../../../../common/errors';
import { assertNever } from '../../../../common/exhaustive';
import type { GalleryEntryDetail, VoterMode } from '../../../../common/gallery';
import { ApiError } from '../../api/api-error';
import { useCurrentUser } from '../../app/current-user';
import { prepareVoteTicket, takeVoteTicket } from '../../challenge/vote-ticket';
import { useLocale } from '../../i18n/use-locale';
import { useVote } from './gallery-api';
import { reportVoteFailure, reportVoteSuccess } from './vote-feedback';

// The e-mail and phone modes' dialogs bring antd's Form and Modal and zod: loaded when a visitor asks for
// one, so the other modes (and an e-mail- or phone-mode page before the click) never download them.
const EmailVoteDialog = lazy(() => import('./EmailVoteDialog').then((m) => ({ default: m.EmailVoteDialog })));
const PhoneVoteDialog = lazy(() => import('./PhoneVoteDialog').then((m) => ({ default: m.PhoneVoteDialog })));

/** How a click votes in each voter mode: at once (with a challenge or the session), or through a code dialog. */
type VotePath = 'challenge' | 'session' | 'emailDialog' | 'phoneDialog';
function votePath(mode: VoterMode): VotePath {
  switch (mode) {
    case 'anonymous':
      return 'challenge';
    case 'account':
      return 'session';
    case 'email':
      return 'emailDialog';
    case 'phone':
      return 'phoneDialog';
    default:
      return assertNever(mode, 'voter mode');
  }
}

/** Refusals that a fresh challenge answers: expired, used, wrong, or easier than this network now needs. */
const RETRY_WITH_FRESH = [Code.ChallengeStepUp, Code.CaptchaExpired, Code.CaptchaUsed, Code.CaptchaWrong] as const;
const isRetryable = (err: unknown): err is ApiError => err instanceof ApiError && (RETRY_WITH_FRESH as readonly number[]).includes(err.code);

/** What a vote button needs of an entry: the detail page and a gallery card both have it. */
export type VotableEntry = Pick<GalleryEntryDetail, 'id' | 'voted' | 'votingOpen' | 'voterMode'>;

/**
 * The vote button, in the organiser's voter mode. Anonymous: the vote carries a solved proof-of-work
 * challenge, prepared in the background as soon as the button shows, so the click usually waits for nothing;
 * ChallengeStepUp (many votes from this network) solves a harder one and votes again, saying so while it
 * works. E-mail and phone: a dialog mails or texts a 6-digit code and votes with it. Account: a signed-in visitor votes with a
 * click, anyone else gets "Log in to vote", a link to the login page that comes back here. VoteSuccess moves
 * the cached count at once; VoteDuplicate "You have voted" turns the button into its voted state.
 */
export function VoteButton({ entry }: { entry: VotableEntry }) {
  const intl = useIntl();
  const { link } = useLocale();
  const location = useLocation();
  const { access } = useCurrentUser();
  const vote = useVote(entry.id);
  const [voted, setVoted] = useState(entry.voted);
  const [checking, setChecking] = useState<false | 'quick' | 'hard'>(false);
  const [dialog, setDialog] = useState<'emailDialog' | 'phoneDialog' | null>(null);
  const open = entry.votingOpen && !voted && !entry.voted;
  const path = votePath(entry.voterMode);
  const anonymous = path === 'challenge';

  useEffect(() => {
    if (open && anonymous) prepareVoteTicket();
  }, [open, anonymous]);

  const done = (duplicate: boolean) => {
    setVoted(true);
    setDialog(null);
    if (!duplicate) reportVoteSuccess();
  };

  const castAnonymous = async () => {
    for (let attempt = 0; ; attempt++) {
      const altcha = await takeVoteTicket(attempt > 0);
      try {
        return await vote.mutateAsync({ altcha });
      } catch (err) {
        if (!isRetryable(err) || attempt >= 2) throw err;
        if (err.code === Code.ChallengeStepUp) setChecking('hard');
      }
    }
  };

  const cast = async () => {
    if (path === 'emailDialog' || path === 'phoneDialog') return setDialog(path);
    setChecking('quick');
    try {
      if (anonymous) await castAnonymous();
      else await vote.mutateAsync({});
      done(false);
      if (anonymous) prepareVoteTicket(); // the next vote on this page (another card) is ready too
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.VoteDuplicate) setVoted(true);
      reportVoteFailure(err, intl);
    } finally {
      setChecking(false);
    }
  };

  const state = !entry.votingOpen ? 'closed' : voted || entry.voted ? 'voted' : 'open';
  if (state === 'open' && path === 'session' && !access.isLoggedIn) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <Link className="btn btn-primary btn-lg vote-button vote-button--login" to={`${link('/login')}?redirect=${back}`}>
        <FormattedMessage id="vote.login" />
      </Link>
    );
  }
  const busy = checking !== false || vote.isPending;
  return (
    <>
      <button
        type="button"
        className={`btn btn-primary btn-lg vote-button vote-button--${state}`}
        disabled={state === 'closed' || busy}
        aria-busy={busy}
        onClick={() => void cast()}
      >
        <FormattedMessage id={state === 'closed' ? 'vote.closed' : state === 'voted' ? 'vote.voted' : busy ? 'vote.checking' : 'vote.button'} />
      </button>
      <span className="vote-check-note" aria-live="polite">
        {checking === 'hard' && <FormattedMessage id="vote.hardCheck" />}
      </span>
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'emailDialog' ? (
            <EmailVoteDialog entryId={entry.id} onClose={() => setDialog(null)} onVoted={done} />
          ) : (
            <PhoneVoteDialog entryId={entry.id} onClose={() => setDialog(null)} onVoted={done} />
          )}
        </Suspense>
      )}
    </>
  );
}
