import ipaddr from 'ipaddr.js';
import { Code } from '../../../../common/errors';
import { SUSPICIOUS_RISK, type VoteRule } from '../../../../common/vote-review';
import type { AppContext } from '../../context';
import { type Db, nowIso } from '../../db/database';
import {
  deleteVoids,
  findAction,
  insertAction,
  insertAuditLines,
  insertVoids,
  listActions,
  voteSpan,
  votesInWindow,
  votesOfAction,
  voteTimeline,
} from '../../db/repos/console/vote-review';
import { lockEntryVotes, moveCount } from '../../db/repos/entries/vote-counts';
import { AppError } from '../../errors';
import { subnetOf } from '../gallery/subnet';

/**
 * The organiser's fraud review: votes selected by a rule (one entry, a time window, optionally an address or
 * CIDR range and a minimum risk) are previewed, voided or restored. A void or restore is one transaction: the
 * `vote_voids` rows, the entry's count moved by exactly the votes it touched, an audit line per vote and one
 * `vote_review_actions` row (who, when, rule, reason, how many). So the count always equals vote rows minus
 * voided ones, and voiding a rule twice voids nothing more (only votes not yet voided match a void).
 */

/** The loose shape the route accepts; `parseRule` says with a code what is wrong with it. */
export type RuleInput = { entryId?: number; from?: string; to?: string; cidr?: string; minRisk?: number };
type Range = { parts: [ipaddr.IPv4 | ipaddr.IPv6, number] } | { address: string };
type ParsedRule = VoteRule & { range?: Range };

const ruleError = (code: typeof Code.VoteRuleEntryRequired | typeof Code.VoteRuleWindow | typeof Code.VoteRuleCidr, field: string) =>
  new AppError(code, { fields: { [field]: code } });

function parseRange(cidr: string): Range {
  try {
    if (cidr.includes('/')) {
      const [addr, bits] = ipaddr.parseCIDR(cidr);
      return { parts: [addr, bits] };
    }
    return { address: ipaddr.process(cidr).toString() };
  } catch {
    throw ruleError(Code.VoteRuleCidr, 'cidr');
  }
}

const isoTime = (s: string | undefined) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : undefined);

export function parseRule(input: RuleInput): ParsedRule {
  if (!input.entryId) throw ruleError(Code.VoteRuleEntryRequired, 'entryId');
  const from = isoTime(input.from);
  const to = isoTime(input.to);
  if (!from || !to) throw ruleError(Code.VoteRuleWindow, from ? 'to' : 'from');
  if (to <= from) throw ruleError(Code.VoteRuleWindow, 'to');
  const cidr = input.cidr?.trim() || undefined;
  const rule: ParsedRule = { entryId: input.entryId, from, to };
  if (cidr) Object.assign(rule, { cidr, range: parseRange(cidr) });
  if (input.minRisk) rule.minRisk = input.minRisk;
  return rule;
}

/**
 * Whether a vote's address lies in the rule's range. An address older than the retention period is kept
 * only as its network ("198.51.100.0/24"): it matches a range that holds that whole network, never a
 * single address.
 */
function inRange(ip: string, range: Range | undefined): boolean {
  if (!range) return true;
  try {
    const [text, cutBits] = ip.split('/');
    const addr = ipaddr.process(text as string);
    if ('address' in range) return cutBits === undefined && addr.toString() === range.address;
    const [net, bits] = range.parts;
    const width = cutBits === undefined ? (addr.kind() === 'ipv4' ? 32 : 128) : Number(cutBits);
    return addr.kind() === net.kind() && width >= bits && addr.match(net as never, bits);
  } catch {
    return false;
  }
}

async function matching(db: Db, rule: ParsedRule, voided: boolean) {
  const rows = await votesInWindow(db, { entryId: rule.entryId, from: rule.from, to: rule.to, minRisk: rule.minRisk ?? 0 }, voided);
  return rows.filter((r) => inRange(r.ip, rule.range));
}

const ruleJson = ({ range: _range, ...rule }: ParsedRule) => JSON.stringify(rule);

/** How many votes a void by this rule would void now. */
export async function previewVoid(ctx: AppContext, input: RuleInput): Promise<{ count: number }> {
  return { count: (await matching(ctx.db, parseRule(input), false)).length };
}

type VoteRef = { id: number; ip: string; voter_key: string; entry_id: number };
const auditLines = (votes: VoteRef[], outcome: string, at: string) =>
  votes.map((v) => ({ entry_id: v.entry_id, voter_key: v.voter_key, ip: v.ip, subnet: subnetOf(v.ip), outcome, created_at: at }));

export type ReviewResult = { actionId: number; count: number; entryCount: number };

export async function voidByRule(ctx: AppContext, input: RuleInput, adminId: number, reason: string): Promise<ReviewResult> {
  const rule = parseRule(input);
  return ctx.db.transaction().execute(async (trx) => {
    await lockEntryVotes(trx, rule.entryId);
    const votes = await matching(trx, rule, false);
    const at = nowIso();
    const actionId = await insertAction(trx, {
      admin_id: adminId,
      kind: 'void',
      entry_id: rule.entryId,
      rule: ruleJson(rule),
      reason,
      count: votes.length,
      created_at: at,
    });
    await insertVoids(
      trx,
      votes.map((v) => ({ vote_id: v.id, entry_id: v.entry_id, admin_id: adminId, reason, action_id: actionId, created_at: at })),
    );
    await insertAuditLines(trx, auditLines(votes, 'voided', at));
    return { actionId, count: votes.length, entryCount: await moveCount(trx, rule.entryId, -votes.length) };
  });
}

/** Restores the voided votes a rule selects, or those one void action voided (`actionId`). */
export async function restoreVotes(ctx: AppContext, target: { rule?: RuleInput; actionId?: number }, adminId: number, reason: string): Promise<ReviewResult> {
  const rule = target.rule ? parseRule(target.rule) : undefined;
  if (!rule && !target.actionId) throw new AppError(Code.VoteRestoreTarget);
  return ctx.db.transaction().execute(async (trx) => {
    let entryId: number;
    let votes: VoteRef[];
    let recorded: string;
    if (rule) {
      entryId = rule.entryId;
      await lockEntryVotes(trx, entryId);
      votes = await matching(trx, rule, true);
      recorded = ruleJson(rule);
    } else {
      const action = await findAction(trx, target.actionId as number);
      if (action?.kind !== 'void') throw new AppError(Code.NotFound);
      entryId = action.entry_id;
      await lockEntryVotes(trx, entryId);
      votes = await votesOfAction(trx, action.id);
      recorded = JSON.stringify({ actionId: action.id });
    }
    const at = nowIso();
    const actionId = await insertAction(trx, {
      admin_id: adminId,
      kind: 'restore',
      entry_id: entryId,
      rule: recorded,
      reason,
      count: votes.length,
      created_at: at,
    });
    await deleteVoids(
      trx,
      votes.map((v) => v.id),
    );
    await insertAuditLines(trx, auditLines(votes, 'restored', at));
    return { actionId, count: votes.length, entryCount: await moveCount(trx, entryId, votes.length) };
  });
}

export async function reviewActions(db: Db, entryId?: number) {
  return (await listActions(db, entryId, 100)).map((a) => ({
    id: a.id,
    kind: a.kind,
    entryId: a.entry_id,
    rule: JSON.parse(a.rule) as Partial<VoteRule> & { actionId?: number },
    reason: a.reason,
    count: a.count,
    admin: a.admin_email,
    createdAt: a.created_at,
  }));
}

/** Buckets fine enough to see a burst and few enough to draw: minutes up to 3 hours of votes, hours up to 7 days, then days. */
function bucketChars(first: string | null, last: string | null): 16 | 13 | 10 {
  const span = first && last ? Date.parse(last) - Date.parse(first) : 0;
  if (span <= 3 * 3_600_000) return 16;
  return span <= 7 * 86_400_000 ? 13 : 10;
}

/** An entry's votes over time: per bucket all votes, the suspicious ones (risk >= SUSPICIOUS_RISK) and the voided ones. */
export async function entryTimeline(db: Db, entryId: number) {
  const span = await voteSpan(db, entryId);
  const chars = bucketChars(span.first, span.last);
  const rows = await voteTimeline(db, entryId, chars, SUSPICIOUS_RISK);
  return {
    bucket: chars === 16 ? 'minute' : chars === 13 ? 'hour' : 'day',
    suspiciousRisk: SUSPICIOUS_RISK,
    points: rows.map((r) => ({ at: r.bucket, total: Number(r.total), suspicious: Number(r.suspicious ?? 0), voided: Number(r.voided) })),
  };
}
