import { useEffect, useState } from 'react';
import { useContest } from '../api/queries';

const MINUTE = 60_000;

/**
 * The voting phase of the contest (its window from /api/contest) against the server's clock, re-read every
 * minute: whether it is open now and how long until it opens or closes. The server decides every vote; this
 * only shows it.
 */
export function useVotingWindow(): { open: boolean; state: 'before' | 'open' | 'after'; msLeft: number; end: string } | null {
  const contest = useContest();
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setTick(Date.now()), MINUTE);
    return () => window.clearInterval(timer);
  }, []);
  const voting = contest.data?.phases.find((p) => p.phase === 'voting');
  if (!contest.data || !voting) return null;
  // The server's "now" when it answered, moved on by the time passed here: a wrong phone clock does not matter.
  const now = Date.parse(contest.data.now) + (tick - contest.dataUpdatedAt);
  const start = Date.parse(voting.start);
  const end = Date.parse(voting.end);
  if (now < start) return { open: false, state: 'before', msLeft: start - now, end: voting.end };
  if (now < end) return { open: true, state: 'open', msLeft: end - now, end: voting.end };
  return { open: false, state: 'after', msLeft: 0, end: voting.end };
}
