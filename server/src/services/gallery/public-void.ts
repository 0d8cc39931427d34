import type { PublicVoidRule, VoidNote } from '../../../../common/vote-check';
import type { VoteRule } from '../../../../common/vote-review';

/** A void rule (stored JSON) as the public sees it: the window and minimum risk, and only whether an address range was named. */
export function publicRule(json: string | null | undefined): PublicVoidRule | null {
  if (!json) return null;
  try {
    const rule = JSON.parse(json) as Partial<VoteRule>;
    if (!rule.from || !rule.to) return null;
    return { from: rule.from, to: rule.to, minRisk: rule.minRisk ?? null, byAddress: Boolean(rule.cidr) };
  } catch {
    return null;
  }
}

export const voidNote = (reason: string, at: string, ruleJson: string | null | undefined): VoidNote => ({ reason, at, rule: publicRule(ruleJson) });
