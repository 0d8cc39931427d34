import { BURST_VOTES, type FraudIndex, type FraudReason } from '../../../../common/vote-check';
import { SUSPICIOUS_RISK, type VoteSignals } from '../../../../common/vote-review';
import type { Db } from '../../db/database';
import { busyMinutes, riskySignals } from '../../db/repos/console/fraud-index';
import { entryRiskTotals } from '../../db/repos/entries/vote-counts';
import { RISK_RULES } from '../gallery/vote-risk';

/** The signals of the risk rules (`vote-risk.ts`) a vote tripped, named for the console. */
function reasonsOf(s: VoteSignals): FraudReason[] {
  const r = RISK_RULES;
  const out: FraudReason[] = [];
  if (s.addressHour >= (r.address.at(-1)?.[0] ?? Infinity)) out.push('addressBusy');
  if (s.subnetHour >= (r.subnet.at(-1)?.[0] ?? Infinity)) out.push('subnetBusy');
  if (s.solveMs !== null && s.solveMs < r.quickSolveMs) out.push('quickSolve');
  if (s.uaFamily === 'script' || s.uaFamily === 'none') out.push('scriptAgent');
  if (s.uaFamily === 'headless') out.push('headless');
  if (!s.viewedFirst) out.push('notViewed');
  if (s.entryMinute >= (r.entryBurst.at(-1)?.[0] ?? Infinity)) out.push('entryBurst');
  return out;
}

/**
 * Per approved entry: the share of its votes at or above the suspicious risk, the minutes in which it got a
 * burst of votes, and which signals the risky votes showed, most frequent first. Highest share first.
 */
export async function fraudIndex(db: Db): Promise<FraudIndex[]> {
  const [totals, minutes, signals] = await Promise.all([entryRiskTotals(db, SUSPICIOUS_RISK), busyMinutes(db, BURST_VOTES), riskySignals(db, SUSPICIOUS_RISK)]);
  const reasons = new Map<number, Map<FraudReason, number>>();
  for (const v of signals) {
    if (!v.signals) continue;
    let parsed: VoteSignals;
    try {
      parsed = JSON.parse(v.signals) as VoteSignals;
    } catch {
      continue;
    }
    const mine = reasons.get(v.entry_id) ?? new Map<FraudReason, number>();
    for (const r of reasonsOf(parsed)) mine.set(r, (mine.get(r) ?? 0) + 1);
    reasons.set(v.entry_id, mine);
  }
  return totals
    .map((t) => {
      const votes = Number(t.votes ?? 0);
      const risky = Number(t.risky ?? 0);
      const busy = minutes.filter((m) => Number(m.entry_id) === t.id).map((m) => Number(m.n));
      return {
        entryId: t.id,
        entryNo: t.entry_no,
        title: t.title,
        votes,
        risky,
        riskyShare: votes === 0 ? 0 : risky / votes,
        bursts: busy.length,
        peakMinute: busy.length === 0 ? 0 : Math.max(...busy),
        reasons: [...(reasons.get(t.id) ?? new Map<FraudReason, number>())].map(([reason, n]) => ({ reason, votes: n })).sort((a, b) => b.votes - a.votes),
      };
    })
    .sort((a, b) => b.riskyShare - a.riskyShare || b.bursts - a.bursts || b.votes - a.votes || (a.entryNo ?? 0) - (b.entryNo ?? 0));
}
