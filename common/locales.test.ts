import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import { isRtl, localeFromAcceptLanguage, matchLocale, SUPPORTED_LOCALES } from './locales';
import { canAccess, canAccessParent, matchPageRoute } from './routes';

describe('locale matching', () => {
  it.each([
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['fr-FR', undefined],
    ['', undefined],
  ])('%s -> %s', (tag, expected) => {
    expect(matchLocale(tag)).toBe(expected);
  });

  it('ranks Accept-Language by weight and skips unsupported tags', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,en;q=0.8,zh-TW;q=0.7')).toBe('en-US');
    expect(localeFromAcceptLanguage('zh-TW;q=0.5,en;q=0.9')).toBe('en-US');
    expect(localeFromAcceptLanguage('de,fr')).toBeUndefined();
    expect(localeFromAcceptLanguage('en;q=0')).toBeUndefined();
  });

  it('applies right-to-left to he, ar, fa and ku only', () => {
    expect(['he', 'ar-EG', 'fa-IR', 'ku'].every(isRtl)).toBe(true);
    expect(SUPPORTED_LOCALES.some(isRtl)).toBe(false);
  });
});

describe('error catalogue', () => {
  const ORIGINAL_CODES = [
    1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 2001, 2002, 200211, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015, 2016,
    3001,
  ];

  it('holds every original numbered message (1000-1007, 2001-2016, 200211, 3001) with a text in every locale', () => {
    for (const code of ORIGINAL_CODES) {
      const entry = ERRORS[code as keyof typeof ERRORS];
      expect(entry, String(code)).toBeDefined();
      for (const l of SUPPORTED_LOCALES) expect(entry[l].length, `${code} ${l}`).toBeGreaterThan(1);
    }
  });

  it("keeps the original site's English texts", () => {
    expect(ERRORS[2015]['en-US']).toBe('You have voted');
    expect(ERRORS[200211]['en-US']).toBe('Successfully submitted, will automatically jump to the homepage');
    expect(ERRORS[1008]['en-US']).toBe('Login session has expired, please log in again!');
  });
});

describe('routes and access', () => {
  it('matches static and parameter routes', () => {
    expect(matchPageRoute('events/12')).toMatchObject({ route: { path: 'events/:id' }, params: { id: '12' } });
    expect(matchPageRoute('home')?.route.path).toBe('home');
    expect(matchPageRoute('nope')).toBeUndefined();
    expect(matchPageRoute('events/1/2')).toBeUndefined();
  });

  it('treats a key the access map lacks as inaccessible, and hides a parent whose children all are', () => {
    const access = { canSeeAdmin: false, isLoggedIn: true };
    expect(canAccess(undefined, access)).toBe(true);
    expect(canAccess('isLoggedIn', access)).toBe(true);
    expect(canAccess('canSeeAdmin', access)).toBe(false);
    expect(canAccess('unknownKey', access)).toBe(false);
    expect(canAccessParent(['canSeeAdmin', 'unknownKey'], access)).toBe(false);
    expect(canAccessParent(['canSeeAdmin', 'isLoggedIn'], access)).toBe(true);
  });
});

describe('error catalogue areas', () => {
  it('never defines a code twice across areas', async () => {
    // core.json too: a code repeated in core and an area would silently replace one of the two.
    const names = ['core', 'accounts', 'submission', 'gallery', 'console', 'media'];
    const areas = await Promise.all(names.map((a) => import(`./errors/${a}.json`)));
    const seen = new Map<string, string>();
    const core = Object.keys((await import('./errors')).ERRORS).length;
    let areaCount = 0;
    for (const [i, mod] of areas.entries()) {
      for (const table of Object.values(mod) as Record<string, unknown>[]) {
        for (const code of Object.keys(table)) {
          expect(seen.has(code), `code ${code} defined twice`).toBe(false);
          seen.set(code, 'x');
          if (names[i] !== 'core') areaCount++;
        }
      }
    }
    expect(core).toBeGreaterThanOrEqual(areaCount + 26);
  });
});
