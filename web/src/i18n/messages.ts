import type { Locale } from '../../../common/locales';

type Messages = Record<string, string>;
type JsonModule = { default: Messages };

/**
 * Interface texts are loaded per locale, on demand: a visitor downloads one language, not three, and the
 * public site never downloads the console's texts (the console entry loads its own).
 */
const LOADERS: Record<Locale, () => Promise<JsonModule[]>> = {
  'zh-CN': () =>
    Promise.all([
      import('../../../common/i18n/core/zh-CN.json'),
      import('../../../common/i18n/accounts/zh-CN.json'),
      import('../../../common/i18n/submission/zh-CN.json'),
      import('../../../common/i18n/gallery/zh-CN.json'),
      import('../../../common/i18n/media/zh-CN.json'),
    ]),
  'zh-TW': () =>
    Promise.all([
      import('../../../common/i18n/core/zh-TW.json'),
      import('../../../common/i18n/accounts/zh-TW.json'),
      import('../../../common/i18n/submission/zh-TW.json'),
      import('../../../common/i18n/gallery/zh-TW.json'),
      import('../../../common/i18n/media/zh-TW.json'),
    ]),
  'en-US': () =>
    Promise.all([
      import('../../../common/i18n/core/en-US.json'),
      import('../../../common/i18n/accounts/en-US.json'),
      import('../../../common/i18n/submission/en-US.json'),
      import('../../../common/i18n/gallery/en-US.json'),
      import('../../../common/i18n/media/en-US.json'),
    ]),
};

const cache = new Map<Locale, Promise<Messages>>();
/** Sets that have arrived, readable without waiting (the first render needs no placeholder pass). */
const arrived = new Map<Locale, Messages>();
let current: Messages = {};

export function loadMessages(locale: Locale): Promise<Messages> {
  let pending = cache.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then((mods) => {
      const messages = Object.assign({}, ...mods.map((m) => m.default)) as Messages;
      arrived.set(locale, messages);
      return messages;
    });
    // A failed load (network drop) may be retried by the next call.
    pending.catch(() => cache.delete(locale));
    cache.set(locale, pending);
  }
  return pending;
}

/** The locale's texts if they have already arrived. */
export function loadedMessages(locale: Locale): Messages | undefined {
  return arrived.get(locale);
}

/** Marks a loaded set as the one on screen, for code outside React (the request layer, the error page). */
export function setCurrentMessages(messages: Messages): void {
  current = messages;
}

export function currentMessages(): Messages {
  return current;
}
