import type { Locale } from '../locales';
import accountsEn from './accounts/en-US.json' with { type: 'json' };
import accountsCn from './accounts/zh-CN.json' with { type: 'json' };
import accountsTw from './accounts/zh-TW.json' with { type: 'json' };
import consoleEn from './console/en-US.json' with { type: 'json' };
import consoleCn from './console/zh-CN.json' with { type: 'json' };
import consoleTw from './console/zh-TW.json' with { type: 'json' };
import coreEn from './core/en-US.json' with { type: 'json' };
import coreCn from './core/zh-CN.json' with { type: 'json' };
import coreTw from './core/zh-TW.json' with { type: 'json' };
import entryFormEn from './entry-form/en-US.json' with { type: 'json' };
import entryFormCn from './entry-form/zh-CN.json' with { type: 'json' };
import entryFormTw from './entry-form/zh-TW.json' with { type: 'json' };
import galleryEn from './gallery/en-US.json' with { type: 'json' };
import galleryCn from './gallery/zh-CN.json' with { type: 'json' };
import galleryTw from './gallery/zh-TW.json' with { type: 'json' };
import juryEn from './jury/en-US.json' with { type: 'json' };
import juryCn from './jury/zh-CN.json' with { type: 'json' };
import juryTw from './jury/zh-TW.json' with { type: 'json' };
import mediaEn from './media/en-US.json' with { type: 'json' };
import mediaCn from './media/zh-CN.json' with { type: 'json' };
import mediaTw from './media/zh-TW.json' with { type: 'json' };
import submissionEn from './submission/en-US.json' with { type: 'json' };
import submissionCn from './submission/zh-CN.json' with { type: 'json' };
import submissionTw from './submission/zh-TW.json' with { type: 'json' };

/**
 * Interface texts of every locale, one folder per feature area (core, accounts, submission, gallery,
 * console, media, jury) so areas can grow independently. The same texts feed react-intl on the web and page
 * heads / e-mails on the server. Keys are prefixed by area (e.g. "account.login.title") and never collide.
 */
const zhCN = { ...coreCn, ...accountsCn, ...submissionCn, ...galleryCn, ...consoleCn, ...mediaCn, ...juryCn, ...entryFormCn };
const zhTW = { ...coreTw, ...accountsTw, ...submissionTw, ...galleryTw, ...consoleTw, ...mediaTw, ...juryTw, ...entryFormTw };
const enUS = { ...coreEn, ...accountsEn, ...submissionEn, ...galleryEn, ...consoleEn, ...mediaEn, ...juryEn, ...entryFormEn };

export type MessageKey = keyof typeof zhCN;
export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS };

/** Minimal `{name}` substitution for the server, which does not need ICU plurals. */
export function t(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  const text = MESSAGES[locale][key] ?? MESSAGES['zh-CN'][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
