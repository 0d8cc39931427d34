import type { NewsCategory, SponsorTier } from '../../../../common/constants';
import type { Locale } from '../../../../common/locales';
import entries from './content/entries.json' with { type: 'json' };
import exhibitions from './content/exhibitions.json' with { type: 'json' };
import identity from './content/identity.json' with { type: 'json' };
import jury from './content/jury.json' with { type: 'json' };
import news from './content/news.json' with { type: 'json' };
import pages from './content/pages.json' with { type: 'json' };
import scamTips from './content/scam-tips.json' with { type: 'json' };
import sponsors from './content/sponsors.json' with { type: 'json' };
import templates from './content/templates.json' with { type: 'json' };

/**
 * The demo contest's texts. They are content, not code, so they live as JSON in content/ (edit them there);
 * this module gives them their types, which the type check holds the files to. To TypeScript a JSON
 * string is only a string, so the fields that name one of a set (news category, sponsor tier, entry
 * group) are narrowed with `as`.
 */
type Tri<T> = Record<Locale, T>;

/** News items, `daysAgo` before the seed; a body is the summary plus the category's closing paragraphs. */
export const DEMO_NEWS = news.items as { category: NewsCategory; daysAgo: number; texts: Tri<{ title: string; summary: string }> }[];
export const NEWS_BODY_EXTRA: Record<NewsCategory, Tri<string[]>> = news.bodyExtra;

export const DEMO_JURY: Tri<{ name: string; title: string; achievements: string[] }>[] = jury;
export const DEMO_EXHIBITIONS: Tri<{ title: string; summary: string; body: string }>[] = exhibitions;
export const DEMO_SPONSORS = sponsors as { tier: SponsorTier; link: string; name: Tri<string> }[];
/** Downloadable templates: `lines` are drawn into a one-page PDF. */
export const DEMO_TEMPLATES: { slug: string; fileName: string; title: Tri<string>; lines: string[] }[] = templates;

/** Editable page texts (rich text, sanitised HTML written by us). */
export const DEMO_PAGES: Record<'eventDetails' | 'aboutUs' | 'specialThanks', Tri<{ title: string; body: string }>> = pages;

/** Scam-prevention tips for /share (the organiser edits them later). */
export const DEMO_SCAM_TIPS: Tri<{ title: string; body: string }>[] = scamTips;

/**
 * Texts of the demo entries (`description` is the creation background). Entries are stored in the language
 * they were submitted in, so the demo mixes Chinese and English.
 */
export const DEMO_ENTRY_TEXTS = entries as { group: 'open' | 'student'; title: string; team: string; slogan: string; description: string; teamDesc: string }[];

/** The demo organiser's identity (settings key site.identity), as the console would save it. */
export const DEMO_IDENTITY: Record<string, unknown> = identity;
