import type { Page } from '@playwright/test';
import { PAGE_ROUTES } from '../common/routes';
import { expect, recordProblems, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { ORGANISER_CONSOLE_PAGES } from './support/console-pages';
import { createEmptyInstallOrganiser, EMPTY_BASE_URL, signInToEmptyConsole } from './support/empty-install';
import { chooseOption } from './support/select';

/**
 * A contest right after installing, with DEMO_CONTENT=false (the second e2e server): every public page says
 * honestly that nothing is there yet, the console works without a seeded row, and the organiser made with
 * `npm run admin` writes and publishes the three pages of their own.
 */
const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
const ORGANISER = { email: `organiser-${Date.now().toString(36)}@example.test`, password: 'Empty#Inst4ll' };

/** Routes whose content the organiser writes: on an empty install they show the empty-state notice. */
const EMPTY_NOTICE = new Set(['eventDetails', 'aboutUs', 'specialThanks', 'events', 'professionalJury', 'exhibition', 'gallery']);
const PUBLIC_PATHS = PAGE_ROUTES.filter((r) => r.localized !== false && !r.access && !r.path.includes(':')).map((r) => r.path);

/** Waits for a page to settle and checks it neither shows an error toast nor stays a placeholder. */
async function expectSettled(page: Page, where: string) {
  await expect(page.locator('main h1, h1').first(), where).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]'), `${where} still loading`).toHaveCount(0);
  await expect(page.locator('.ant-message-error, .ant-notification-notice-error, .ant-message-notice-error'), `${where} error toast`).toHaveCount(0);
}

test('every public route in three locales shows its empty state, with no error, console error or CSP violation', async ({ page, expectClean }) => {
  test.setTimeout(420_000);
  for (const locale of LOCALES) {
    for (const path of PUBLIC_PATHS) {
      const where = `/${locale}/${path}`;
      await page.goto(`${EMPTY_BASE_URL}${where}`);
      await expectSettled(page, where);
      if (EMPTY_NOTICE.has(path)) {
        // The gallery of a contest with no voting phase yet says it opens with voting; the rest say nothing is there yet.
        await expect(page.locator(path === 'gallery' ? '[data-testid="gallery-coming-soon"]' : '.empty-state'), where).toBeVisible();
        // The empty states are new public views: axe reads each of them too.
        expect(await seriousViolations(page), where).toEqual([]);
      }
    }
  }
  await page.goto(`${EMPTY_BASE_URL}/share`);
  await expectSettled(page, '/share');
  // The home page of a new contest leaves out its news, jury and sponsor sections instead of showing them empty.
  await page.goto(`${EMPTY_BASE_URL}/en-US/home`);
  await expectSettled(page, '/en-US/home');
  await expect(page.locator('#news-title, #jury-title, #sponsors-title')).toHaveCount(0);
  expectClean();
});

const PAGES = [
  {
    slug: 'eventDetails',
    label: '大赛详情',
    cn: { title: '大赛规则与奖项', body: '<p>一等奖一名，奖金一万元。作品须为原创。</p>' },
    tw: { title: '大賽規則與獎項', body: '一等獎一名，獎金一萬元。作品須為原創。' },
    en: { title: 'Rules and prizes', body: '<p>One first prize of 10,000 yuan. Entries must be original.</p>' },
  },
  {
    slug: 'aboutUs',
    label: '关于我们',
    cn: { title: '关于主办方', body: '<p>我们是网络安全宣传周的组织者，欢迎联系。</p>' },
    tw: { title: '關於主辦方', body: '我們是網路安全宣傳週的組織者，歡迎聯絡。' },
    en: { title: 'About the organiser', body: '<p>We organise the cyber security week; get in touch.</p>' },
  },
  {
    slug: 'specialThanks',
    label: '特别鸣谢',
    cn: { title: '感谢支持', body: '<p>感谢所有支持反诈宣传的单位和志愿者。</p>' },
    tw: { title: '感謝支援', body: '感謝所有支援反詐宣傳的單位和志願者。' },
    en: { title: 'Thank you', body: '<p>Thanks to every partner and volunteer of the campaign.</p>' },
  },
] as const;

const plain = (html: string) => html.replace(/<[^>]+>/g, '');
/** A text field of the editor in the tab of one language. */
const field = (page: Page, tab: string, label: string) => page.getByRole('tabpanel', { name: tab }).getByRole('textbox', { name: label });

test('an organiser made with the CLI writes and publishes the three pages; visitors read them in three languages', async ({ page, expectClean }) => {
  test.setTimeout(240_000);
  createEmptyInstallOrganiser(ORGANISER.email, ORGANISER.password);
  await signInToEmptyConsole(page, ORGANISER.email, ORGANISER.password);
  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error('no browser');
  const visitorProblems = await recordProblems(visitor);

  for (const p of PAGES) {
    await page.goto(`${EMPTY_BASE_URL}/admin/#/pages`);
    await chooseOption(page, page.getByLabel('页面', { exact: true }), p.label);
    await expect(page.getByText('这个页面还没有内容', { exact: false })).toBeVisible();
    await field(page, '简体中文', '标题').fill(p.cn.title);
    await field(page, '简体中文', '正文').fill(plain(p.cn.body));
    // zh-TW stays empty: the server fills it from zh-CN.
    await page.getByRole('tab', { name: 'English' }).click();
    await field(page, 'English', '标题').fill(p.en.title);
    await field(page, 'English', '正文').fill(plain(p.en.body));

    // A saved draft stays off the site.
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/pages/${p.slug}`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: '保存草稿' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('草稿：访客还看不到这个页面的内容。')).toBeVisible();
    await visitor.goto(`${EMPTY_BASE_URL}/en-US/${p.slug}`);
    await expect(visitor.locator('.empty-state')).toBeVisible();

    const published = page.waitForResponse((r) => r.url().endsWith(`/api/admin/pages/${p.slug}/publish`));
    await page.getByRole('button', { name: /发\s*布/ }).click();
    expect((await published).status()).toBe(200);
    await expect(page.locator('.ant-tag').filter({ hasText: '已发布' })).toBeVisible();

    for (const [locale, texts] of [
      ['zh-CN', { title: p.cn.title, body: plain(p.cn.body) }],
      ['zh-TW', p.tw],
      ['en-US', { title: p.en.title, body: plain(p.en.body) }],
    ] as const) {
      await visitor.goto(`${EMPTY_BASE_URL}/${locale}/${p.slug}`);
      await expect(visitor.locator('main .rich-text')).toContainText(texts.body);
      if (p.slug === 'eventDetails') await expect(visitor.locator('main h1')).toHaveText(texts.title);
      await expect(visitor.locator('.empty-state')).toHaveCount(0);
    }
  }

  // Unpublished again, a page goes back to its empty state; its texts wait in the console.
  for (const p of PAGES) {
    await page.goto(`${EMPTY_BASE_URL}/admin/#/pages`);
    await chooseOption(page, page.getByLabel('页面', { exact: true }), p.label);
    await page.getByRole('tab', { name: '简体中文' }).click();
    await expect(field(page, '简体中文', '标题')).toHaveValue(p.cn.title);
    const unpublished = page.waitForResponse((r) => r.url().endsWith(`/api/admin/pages/${p.slug}/publish`));
    await page.getByRole('button', { name: '撤回发布' }).click();
    expect((await unpublished).status()).toBe(200);
    await expect(page.locator('.ant-tag').filter({ hasText: '草稿' })).toBeVisible();
    await visitor.goto(`${EMPTY_BASE_URL}/zh-TW/${p.slug}`);
    await expect(visitor.locator('.empty-state')).toBeVisible();
  }
  expect(visitorProblems.list).toEqual([]);
  await visitor.close();
  expectClean();
});

// The library comes last: the walk ends by reading its empty-state text.
const CONSOLE_PAGES = [...ORGANISER_CONSOLE_PAGES, '/mail-templates', '/notices', '/audit', '/entry-form', '/identity', '/media-library'];

test('every console page of the empty install loads without an error and passes axe', async ({ page, expectClean }) => {
  test.setTimeout(240_000);
  createEmptyInstallOrganiser(ORGANISER.email, ORGANISER.password);
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await signInToEmptyConsole(page, ORGANISER.email, ORGANISER.password);
  const found: string[] = [];
  for (const hash of CONSOLE_PAGES) {
    await page.goto(`${EMPTY_BASE_URL}/admin/#${hash}`);
    await expect(page.locator('h1').first(), hash).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(page.locator('.ant-spin-spinning'), `${hash} spinner`).toHaveCount(0);
    await expect(page.locator('.ant-skeleton'), `${hash} placeholder`).toHaveCount(0);
    await expect(page.locator('.ant-message-error, .ant-notification-notice-error'), `${hash} error toast`).toHaveCount(0);
    found.push(...(await seriousViolations(page)).map((v) => `${hash} ${v}`));
  }
  // The media library of a new install says it is empty rather than showing a blank grid.
  await expect(page.getByText('媒体库还没有图片')).toBeVisible();
  expect(failed).toEqual([]);
  expect(found).toEqual([]);
  expectClean();
});
