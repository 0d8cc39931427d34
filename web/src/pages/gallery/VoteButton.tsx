import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Code } from '../../../../common/errors';
import type { GalleryEntryDetail } from '../../../../common/gallery';
import { ApiError, isAnnounced } from '../../api/api-error';
import { showMessage } from '../../api/feedback';
import { prepareVoteTicket, takeVoteTicket } from '../../challenge/vote-ticket';
import { errorText } from '../../i18n/error-text';
import { useVote } from './gallery-api';

/** Refusals that a fresh challenge answers: expired, used, wrong, or easier than this network now needs. */
const RETRY_WITH_FRESH = [Code.ChallengeStepUp, Code.CaptchaExpired, Code.CaptchaUsed, Code.CaptchaWrong] as const;
const isRetryable = (err: unknown): err is ApiError => err instanceof ApiError && (RETRY_WITH_FRESH as readonly number[]).includes(err.code);

/** What a vote button needs of an entry: the detail page and a gallery card both have it. */
export type VotableEntry = Pick<GalleryEntryDetail, 'id' | 'voted' | 'votingOpen'>;

/**
 * The vote button. A vote carries a solved proof-of-work challenge, prepared in the background as soon as the
 * button shows, so the click usually waits for nothing. VoteSuccess moves the cached count at once;
 * VoteDuplicate "You have voted" turns the button into its voted state; ChallengeStepUp (many votes from this
 * network) solves a harder challenge and votes again, saying so while it works.
 */
export function VoteButton({ entry }: { entry: VotableEntry }) {
  const intl = useIntl();
  const vote = useVote(entry.id);
  const [voted, setVoted] = useState(entry.voted);
  const [checking, setChecking] = useState<false | 'quick' | 'hard'>(false);
  const open = entry.votingOpen && !voted && !entry.voted;

  useEffect(() => {
    if (open) prepareVoteTicket();
  }, [open]);

  const cast = async () => {
    setChecking('quick');
    try {
      for (let attempt = 0; ; attempt++) {
        const altcha = await takeVoteTicket(attempt > 0);
        try {
          await vote.mutateAsync({ altcha });
          break;
        } catch (err) {
          if (!isRetryable(err) || attempt >= 2) throw err;
          if (err.code === Code.ChallengeStepUp) setChecking('hard');
        }
      }
      setVoted(true);
      void showMessage('success', errorText(Code.VoteSuccess));
      prepareVoteTicket(); // the next vote on this page (another card) is ready too
    } catch (err) {
      if (!(err instanceof ApiError)) return void showMessage('error', intl.formatMessage({ id: 'captcha.failed' }));
      if (isAnnounced(err)) return;
      if (err.code === Code.VoteDuplicate) setVoted(true);
      void showMessage(
        err.code === Code.VoteDuplicate ? 'warning' : 'error',
        err.status === 0 || err.status >= 500 ? intl.formatMessage({ id: 'request.error' }, { status: err.status }) : errorText(err.code, err.values, err.msg),
      );
    } finally {
      setChecking(false);
    }
  };

  const state = !entry.votingOpen ? 'closed' : voted || entry.voted ? 'voted' : 'open';
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
    </>
  );
}
