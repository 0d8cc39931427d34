import { describe, expect, it } from 'vitest';
import { hasText, missingLocales } from './missing-locales';

const FIELDS = ['title', 'summary', 'body'];

describe('missing locales', () => {
  it('names the locale without a text the item has elsewhere; zh-TW counts as filled while zh-CN has it', () => {
    const i18n = { 'zh-CN': { title: '标题', body: '<p>正文</p>' }, 'zh-TW': {}, 'en-US': { title: 'Title' } };
    expect(missingLocales(i18n, FIELDS)).toEqual(['en-US']);
  });

  it('flags zh-CN and zh-TW when only English has a text, and nothing when every locale has every text', () => {
    expect(missingLocales({ 'zh-CN': { title: '标题' }, 'en-US': { title: 'Title', summary: 'Only here' } }, FIELDS)).toEqual(['zh-CN', 'zh-TW']);
    const full = { title: 't', summary: 's', body: '<p>b</p>' };
    expect(missingLocales({ 'zh-CN': full, 'zh-TW': full, 'en-US': full }, FIELDS)).toEqual([]);
    expect(missingLocales({}, FIELDS)).toEqual([]);
  });

  it('takes an editor left empty for no text, and a body of only a picture for text', () => {
    expect(['<p></p>', '<p> &nbsp; </p>', '', '  ', [], undefined, 3].map(hasText)).toEqual([false, false, false, false, false, false, false]);
    expect(['<p><img src="/media/library/a.jpg" alt=""></p>', '<h2>x</h2>', ['line']].map(hasText)).toEqual([true, true, true]);
    expect(missingLocales({ 'zh-CN': { body: '<p>正文</p>' }, 'en-US': { body: '<p></p>' } }, FIELDS)).toEqual(['en-US']);
  });
});
