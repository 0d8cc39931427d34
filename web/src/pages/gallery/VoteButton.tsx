import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { Code } from '../../../../common/errors';
import { assertNever } from '../../../../common/exhaustive';
import type { GalleryEntryDetail } from '../../../../common/gallery';
import { ApiError } from '../../api/api-error';
import { useCurrentUser } from '../../app/current-user';
import { useHydrated } from '../../app/server-html';
import { prepareVoteTicket, takeVoteTicket } from '../../challenge/vote-ticket';
import { useLocale } from '../../i18n/use-locale';
import { useVote } from './gallery-api';
import { reportVoteFailure, reportVoteSuccess } from './vote-feedback';

// The e-mail and phone modes' dialogs bring antd's Form and Modal and zod: loaded when a visitor asks for
// one, so the other modes (and an e-mail- or phone-mode page before the click) never download them.
const EmailVoteDialog = lazy(() => import('./EmailVoteDialog').then((m) => ({ default: m.EmailVoteDialog })));
const PhoneVoteDialog = lazy(() => import('./PhoneVoteDialog').then((m) => ({ default: m.PhoneVoteDialog })));
// WeChat's sign-in trip likewise: only in wechat mode, on the click that needs it or on the way back.
const wechatVote = () => import('./wechat-vote');
/** Whether the address holds the way back from WeChat's authorisation (a cheap look before loading anything). */
const backFromWechat = (search: string) => /[?&](wxVote|wxError)=/.test(search);

/** Refusals that a fresh challenge answers: expired, used, wrong, or easier than this network now needs. */
const RETRY_WITH_FRESH = [Code.ChallengeStepUp, Code.CaptchaExpired, Code.CaptchaUsed, Code.CaptchaWrong] as const;
const isRetryable = (err: unknown): err is ApiError => err instanceof ApiError && (RETRY_WITH_FRESH as readonly number[]).includes(err.code);

/** What a vote button needs of an entry: the detail page and a gallery card both have it. */
export type VotableEntry = Pick<GalleryEntryDetail, 'id' | 'voted' | 'votingOpen' | 'voterMode'>;

/**
 * The vote button, in the organiser's voter mode. Anonymous: the vote carries a solved proof-of-work
 * challenge, prepared in the background as soon as the button shows, so the click usually waits for nothing;
 * ChallengeStepUp (many votes from this network) solves a harder one and votes again, saying so while it
 * works. E-mail and phone: a dialog mails or texts a 6-digit code and votes with it. Account: a signed-in visitor
 * votes with a click, anyone else gets "Log in to vote", a link to the login page that comes back here. WeChat: the
 * click votes with the visitor's WeChat identity, or (none yet) goes through WeChat's authorisation and back here,
 * where the vote is cast on arrival (`wechat-vote.ts`). VoteSuccess moves
 * the cached count at once; VoteDuplicate "You have voted" turns the button into its voted state.
 * The voted state is a status, not a refusal: a "Voted ✓" badge of the button's size (a card's row keeps its
 * height) inside a polite live region. The button the visitor was on is gone after a vote, so focus moves to
 * that region, which tells whether the vote was counted just now.
 */
export function VoteButton({ entry }: { entry: VotableEntry }) {
  const intl = useIntl();
  const { link } = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const { access } = useCurrentUser();
  const vote = useVote(entry.id);
  // Painted by the server, the button answers only once the app has taken the page over: until then it says so.
  const hydrated = useHydrated();
  const [voted, setVoted] = useState(entry.voted);
  const [checking, setChecking] = useState<false | 'quick' | 'hard' | 'wechat'>(false);
  const [dialog, setDialog] = useState<'email' | 'phone' | null>(null);
  // 'counted': this click's vote went in; 'known': the server said it was already there.
  const [outcome, setOutcome] = useState<'counted' | 'known' | null>(null);
  const statusRef = useRef<HTMLSpanElement>(null);
  const open = entry.votingOpen && !voted && !entry.voted;
  const anonymous = entry.voterMode === 'anonymous';

  useEffect(() => {
    if (open && anonymous) prepareVoteTicket();
  }, [open, anonymous]);

  const done = (duplicate: boolean) => {
    setVoted(true);
    setOutcome(duplicate ? 'known' : 'counted');
    setDialog(null);
    if (!duplicate) reportVoteSuccess();
  };

  // After the button turns into the badge, keyboard and screen-reader users continue from the badge.
  useEffect(() => {
    if (outcome) statusRef.current?.focus();
  }, [outcome]);

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

  /** WeChat: vote as the signed-in WeChat user; without one, off to WeChat's authorisation ('away'). */
  const castWechat = async (): Promise<'cast' | 'away'> => {
    const trip = await wechatVote();
    const away = () => {
      setChecking('wechat');
      trip.goToWechatSignIn(entry.id, `${location.pathname}${location.search}`);
      return 'away' as const;
    };
    if (!trip.wechatSignedIn()) return away();
    try {
      await vote.mutateAsync({});
      return 'cast';
    } catch (err) {
      // The sign-in ran out (a day) or was not this server's: through WeChat again.
      if (!(err instanceof ApiError && err.code === Code.WechatSignInRequired)) throw err;
      return away();
    }
  };

  /** Votes as the organiser's mode says: 'cast' (counted or refused), 'away' (off to WeChat), 'dialog' (a code dialog opened). */
  const castIn = async (): Promise<'cast' | 'away' | 'dialog'> => {
    switch (entry.voterMode) {
      case 'anonymous':
        await castAnonymous();
        prepareVoteTicket(); // the next vote on this page (another card) is ready too
        return 'cast';
      case 'account':
        await vote.mutateAsync({});
        return 'cast';
      case 'wechat':
        return castWechat();
      case 'email':
      case 'phone':
        setDialog(entry.voterMode);
        return 'dialog';
      default:
        return assertNever(entry.voterMode, 'voter mode');
    }
  };

  const cast = async () => {
    setChecking('quick');
    let outcome: 'cast' | 'away' | 'dialog' = 'cast';
    try {
      outcome = await castIn();
      if (outcome === 'cast') done(false);
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.VoteDuplicate) {
        setVoted(true);
        setOutcome('known');
      }
      reportVoteFailure(err, intl);
    } finally {
      // Leaving for WeChat: the button stays busy until the page goes.
      if (outcome !== 'away') setChecking(false);
    }
  };

  // Back from WeChat's authorisation: the vote it was for is cast at once, or the refusal told; either way the
  // address loses the marks, so a reload does not repeat them.
  const wechatMode = entry.voterMode === 'wechat';
  const search = location.search;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per arrival, not on every render's new closures
  useEffect(() => {
    if (!wechatMode || !backFromWechat(search)) return;
    void wechatVote().then(({ wechatReturn }) => {
      const { outcome, rest } = wechatReturn(search, entry.id);
      if (!outcome) return;
      void navigate({ pathname: location.pathname, search: rest, hash: location.hash }, { replace: true });
      if (outcome.kind === 'vote') {
        if (open) void cast();
      } else reportVoteFailure(new ApiError(outcome.code, 400, ''), intl);
    });
  }, [wechatMode, search, entry.id]);

  const state = !entry.votingOpen ? 'closed' : voted || entry.voted ? 'voted' : 'open';
  if (state === 'open' && entry.voterMode === 'account' && !access.isLoggedIn) {
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
      <span className="vote-control">
        {state !== 'voted' && (
          <button
            type="button"
            className={`btn btn-primary btn-lg vote-button vote-button--${state}`}
            disabled={state === 'closed' || busy || !hydrated}
            aria-busy={busy}
            onClick={() => void cast()}
          >
            <FormattedMessage id={state === 'closed' ? 'vote.closed' : busy ? 'vote.checking' : 'vote.button'} />
          </button>
        )}
        {/* Always in the page, so a screen reader hears the badge arrive. */}
        <span
          ref={statusRef}
          role="status"
          aria-live="polite"
          tabIndex={-1}
          className={state === 'voted' ? 'btn btn-lg vote-button vote-status vote-button--voted' : 'vote-status'}
        >
          {state === 'voted' && (
            <>
              <span aria-hidden="true" className="vote-status-mark">
                ✓
              </span>
              <FormattedMessage id="vote.votedState" />
              {outcome === 'counted' && (
                <span className="visually-hidden">
                  {' '}
                  <FormattedMessage id="vote.counted" />
                </span>
              )}
            </>
          )}
        </span>
      </span>
      <span className="vote-check-note" aria-live="polite">
        {checking === 'hard' && <FormattedMessage id="vote.hardCheck" />}
        {checking === 'wechat' && <FormattedMessage id="vote.wechatSignIn" />}
      </span>
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'email' ? (
            <EmailVoteDialog entryId={entry.id} onClose={() => setDialog(null)} onVoted={done} />
          ) : (
            <PhoneVoteDialog entryId={entry.id} onClose={() => setDialog(null)} onVoted={done} />
          )}
        </Suspense>
      )}
    </>
  );
}
