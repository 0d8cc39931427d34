import type { NewsCategory, Phase, SponsorTier } from './constants';

/** Response shapes of the read API, shared by server and web. */

/** One page of a list: its items, how many there are in all, which page and how long pages are. */
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

export type NewsSummary = {
  id: number;
  category: NewsCategory;
  title: string;
  summary: string;
  coverUrl: string;
  publishedAt: string;
};
export type NewsLink = { id: number; title: string };
export type NewsDetail = NewsSummary & { body: string; newer: NewsLink | null; older: NewsLink | null };

export type JuryMember = { id: number; name: string; title: string; photoUrl: string; achievements: string[] };

export type ExhibitionSummary = { id: number; title: string; summary: string; coverUrl: string; publishedAt: string };
export type ExhibitionDetail = ExhibitionSummary & { body: string; mediaUrl: string | null };

export type Sponsor = { id: number; name: string; logoUrl: string; link: string; tier: SponsorTier };

/** An organiser-written page; `published` false (never written, or a draft): no title or body, the page's empty state. */
export type PageContent = { slug: string; published: boolean; title: string; body: string; extra: Record<string, string> };

export type TemplateFile = { id: number; slug: string; title: string; fileUrl: string; fileName: string };

export type PhaseWindow = { phase: Phase; start: string; end: string };
/** `timeZone`: CONTEST_TIMEZONE, in which pages show the times; `zoneLabel`: "Asia/Shanghai (UTC+8)". */
export type ContestInfo = { phases: PhaseWindow[]; currentPhase: Phase | null; now: string; timeZone: string; zoneLabel: string };

export type CurrentUser = { id: number; email: string; name: string; role: Role; verified: boolean };
/**
 * 'admin': the organiser; 'editor' and 'reviewer': staff with part of the console (common/console/staff.ts);
 * 'juror': invited by the organiser, sees only the console's judging area.
 */
export type Role = 'user' | 'admin' | 'editor' | 'reviewer' | 'juror';
const ROLES: readonly string[] = ['admin', 'editor', 'reviewer', 'juror'];
export function roleOf(stored: string): Role {
  return ROLES.includes(stored) ? (stored as Role) : 'user';
}
