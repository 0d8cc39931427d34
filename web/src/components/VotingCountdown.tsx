import { FormattedMessage } from 'react-intl';
import { useHydrated } from '../app/server-html';
import { useVotingWindow } from './useVotingWindow';

const MINUTE = 60_000;

/** Days, hours and minutes of a span, for the countdown. */
export function countdownParts(ms: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/** "Voting closes in 59 d 23 h 10 min" (or opens in, or has closed), from the contest's voting phase. */
export function VotingCountdown({ className = '' }: { className?: string }) {
  const voting = useVotingWindow();
  // The minutes left depend on this moment's clock: the server's HTML keeps the line's place, the browser fills it in.
  const hydrated = useHydrated();
  if (!voting) return null;
  if (!hydrated)
    return (
      <p className={`voting-countdown ${className}`} data-testid="voting-countdown" aria-hidden="true">
        <span className="voting-countdown-dot" data-state={voting.state} />
        {'\u00a0'}
      </p>
    );
  const parts = countdownParts(voting.msLeft);
  return (
    <p className={`voting-countdown ${className}`} data-testid="voting-countdown">
      <span className="voting-countdown-dot" aria-hidden="true" data-state={voting.state} />
      {voting.state === 'after' ? (
        <FormattedMessage id="countdown.closed" />
      ) : (
        <FormattedMessage id={voting.state === 'open' ? 'countdown.closesIn' : 'countdown.opensIn'} values={parts} />
      )}
    </p>
  );
}
