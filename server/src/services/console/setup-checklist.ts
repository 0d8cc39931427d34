import { missingByGate, type SetupChecklist, type SetupItem } from '../../../../common/console/setup-checklist';
import { PAGE_SLUGS, type PageSlug } from '../../../../common/constants';
import { IDENTITY_TEXT_FIELDS } from '../../../../common/identity';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { listPages } from '../../db/repos/console/content';
import { countSetupRows } from '../../db/repos/console/setup';
import { readStoredIdentity } from '../content/identity';
import { parseI18n } from '../content/localize';
import { readPhases } from '../contest/phases';

/** A loopback address (the default, `http://localhost:<port>`) in a mailed link reaches nobody but the server itself. */
function reachableFromOutside(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname;
  return !['localhost', '127.0.0.1', '[::1]', '::1'].includes(host) && !host.startsWith('127.');
}

type Texts = Record<string, unknown> | undefined;
const hasText = (texts: Texts, field: string) => String(texts?.[field] ?? '').trim() !== '';

/**
 * What an organiser still has to do before each phase opens, read from what the console saved and from two
 * server settings. Nothing here depends on the demo seed: an empty install lists everything as missing.
 */
export async function setupChecklist(db: Db, config: Config): Promise<SetupChecklist> {
  const [identity, pages, counts, phases] = await Promise.all([readStoredIdentity(db), listPages(db), countSetupRows(db), readPhases(db, config)]);
  const idTexts = (identity?.i18n ?? {}) as Record<string, Texts>;
  const pageRows = new Map(pages.map((p) => [p.slug as PageSlug, p]));
  const pageTexts = (slug: PageSlug) => parseI18n(pageRows.get(slug)?.i18n ?? '{}') as Record<string, Texts>;
  const pagePublished = (slug: PageSlug) => Boolean(pageRows.get(slug)?.published_at) && hasText(pageTexts(slug)['zh-CN'], 'body');
  const phaseSet = (phase: string) => phases.phases.some((p) => p.phase === phase && p.start && p.end);

  // What an English-speaking visitor would read in Chinese: identity texts and page bodies written in zh-CN
  // only (zh-TW is converted from zh-CN on save, so only English can be missing).
  const englishGaps = [
    ...IDENTITY_TEXT_FIELDS.filter((f) => hasText(idTexts['zh-CN'], f) && !hasText(idTexts['en-US'], f)).map((f) => `identity: ${f}`),
    ...PAGE_SLUGS.filter((slug) => hasText(pageTexts(slug)['zh-CN'], 'body') && !hasText(pageTexts(slug)['en-US'], 'body')).map((slug) => `page: ${slug}`),
  ];
  const collisions = phases.conflicts.map((c) => `${c.phase} / ${c.with}`);

  const item = (key: SetupItem['key'], gate: SetupItem['gate'], required: boolean, done: boolean, link: string | null, detail: string[] = []) =>
    ({ key, gate, required, done, link, detail }) satisfies SetupItem;
  const items: SetupItem[] = [
    // Mails carry links to PUBLIC_URL and go out through SMTP_URL; without them nobody can verify an account.
    item('publicUrl', 'submission', true, reachableFromOutside(config.publicUrl), null, [config.publicUrl]),
    item('smtpUrl', 'submission', true, Boolean(config.smtpUrl), null),
    item('identity', 'submission', true, Boolean(identity) && hasText(idTexts['zh-CN'], 'siteName') && hasText(idTexts['zh-CN'], 'organiser'), '/identity'),
    item('wechatQr', 'submission', false, Boolean(identity?.wechatQrUrl), '/identity'),
    item('page.eventDetails', 'submission', true, pagePublished('eventDetails'), '/pages'),
    item('page.aboutUs', 'submission', false, pagePublished('aboutUs'), '/pages'),
    item('page.specialThanks', 'submission', false, pagePublished('specialThanks'), '/pages'),
    // Advice: the built-in notice is truthful, but the organiser is the one answerable for it.
    item('page.privacy', 'submission', false, pagePublished('privacy'), '/pages'),
    item('phase.submission', 'submission', true, phaseSet('submission'), '/settings'),
    item('phase.order', 'submission', false, collisions.length === 0, '/settings', collisions),
    item('templates', 'submission', false, counts.templates > 0, '/content/templates'),
    item('locale.en-US', 'submission', false, englishGaps.length === 0, englishGaps[0]?.startsWith('page') ? '/pages' : '/identity', englishGaps),
    item('phase.voting', 'voting', true, phaseSet('voting'), '/settings'),
    item('phase.judging', 'judging', true, phaseSet('judging'), '/settings'),
    item('jury.criteria', 'judging', true, counts.criteria > 0, '/jury'),
    item('jury.jurors', 'judging', true, counts.jurors > 0, '/jury'),
  ];
  return { items, missing: missingByGate(items) };
}
