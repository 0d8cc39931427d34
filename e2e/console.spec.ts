import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ACCESS_TOKEN_KEY } from '../common/constants';
import { ERRORS } from '../common/errors';
import { MESSAGES } from '../common/i18n/index';
import { makeFilm } from '../server/test/helpers/files';
import { expect, test } from './fixtures';
import { type ApiEntry, registerThroughApi, submitThroughApi } from './support/api-entrant';
import { createOrganiser } from './support/entrant-ui';
import { chooseOption } from './support/select';

/**
 * In Chromium: an organiser signs in at /admin/#/login, downloads the files of an entry a
 * person submitted through the API and approves it, and it then shows in /gallery; publishes zh-CN-only news
 * that /zh-TW shows converted; a visitor never loads console code; an XSS corpus saved through news and
 * exhibition bodies stays inert on the public pages (the sanitiser stops it: a payload reaching the page
 * would trip the CSP, which expectClean() reports).
 */
const ADMIN = { email: 'e2e-organiser@example.test', password: 'Organ1ser!x' };
/** Unique per run of this file (a retry runs beforeAll again), so a row filter finds exactly this entry. */
const TITLE = `控制台审核测试作品 ${Date.now().toString(36)}`;
let entry: ApiEntry;

/**
 * The organiser is made with `npm run admin -- create`; the entry under review is the product's own: a person
 * registers and verifies through the accounts API, uploads the five files through tus and submits the form.
 */
test.beforeAll(async ({ request }) => {
  createOrganiser(ADMIN.email, ADMIN.password);
  const entrant = await registerThroughApi(request, { email: `e2e-entrant-${Date.now()}@example.test` });
  entry = await submitThroughApi(request, entrant, { title: TITLE });
});

async function signIn(page: import('@playwright/test').Page) {
  await page.goto('/admin/#/login');
  await page.getByLabel('邮箱').fill(ADMIN.email);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
}

/** Signs in, opens the news editor for a new item and sets it to published; returns the editor drawer. */
async function newPublishedNews(page: import('@playwright/test').Page) {
  await signIn(page);
  await page.goto('/admin/#/content/news');
  await page.getByRole('button', { name: /新\s*建/ }).click();
  const drawer = page.locator('.ant-drawer');
  await chooseOption(page, drawer.getByLabel('状态'), '已发布');
  return drawer;
}

test('a visitor session never downloads console code', async ({ page, expectClean }) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.url());
  });
  for (const p of ['/home', '/gallery', '/events', '/events/1', '/exhibition', '/zh-TW/professionalJury', '/contactUs']) {
    await page.goto(p);
    await expect(page.locator('main h1').first()).toBeVisible();
  }
  expect(scripts.length).toBeGreaterThan(3);
  const adminHtml = await (await page.request.get('/admin/')).text();
  const adminEntry = /src="(\/dist\/assets\/admin-[^"]+\.js)"/.exec(adminHtml)?.[1];
  expect(adminEntry).toBeTruthy();
  expect(scripts.filter((u) => u.endsWith(adminEntry as string))).toEqual([]);
  // No script a visitor loaded talks to the console API.
  for (const url of new Set(scripts)) {
    const body = await (await page.request.get(url)).text();
    expect(body.includes('/api/admin/'), url).toBe(false);
  }
  expectClean();
});

test("the entry drawer downloads a file through the browser's own download (a signed link, not a page-memory copy)", async ({ page, expectClean }) => {
  await signIn(page);
  await page.getByRole('menuitem', { name: '作品审核' }).click();
  await page.getByRole('row').filter({ hasText: TITLE }).getByRole('button', { name: TITLE }).click();
  const drawer = page.locator('.ant-drawer');
  /** Clicks a file's download button and returns the bytes the browser saved, after checking the signed link. */
  const downloaded = async (name: string, fileName: string) => {
    const link = page.waitForResponse((r) => r.url().endsWith(`/api/admin/entries/${entry.id}/files/${name}/link`));
    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: `下载 ${fileName}`, exact: true }).click();
    expect((await (await link).json()).data.url).toMatch(/^\/api\/downloads\//);
    const file = await download;
    expect(file.suggestedFilename()).toBe(fileName);
    const saved = path.join(process.env.E2E_DATA_DIR as string, `downloaded-${fileName}`);
    await file.saveAs(saved);
    return fs.readFileSync(saved);
  };
  // The cover is the copy the upload check normalised: the same bytes the public address serves.
  const cover = await downloaded('cover', `${entry.submissionNo}-cover.jpg`);
  const normalised = await (await page.request.get(entry.files.cover.url as string)).body();
  expect(normalised.length).toBeGreaterThan(0);
  expect(cover.equals(normalised)).toBe(true);
  // The film is the private original, byte for byte what the entrant uploaded.
  const film = await downloaded('video', `${entry.submissionNo}-${entry.files.video.name}`);
  expect(film.equals(entry.files.video.data)).toBe(true);
  expectClean();
});

test('organiser signs in, approves a pending entry, and it shows in the gallery', async ({ page, expectClean }) => {
  await signIn(page);
  await page.getByRole('menuitem', { name: '作品审核' }).click();
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await expect(page.getByText(/已通过，作品编号 \d+/)).toBeVisible();
  await expect(row).toHaveCount(0); // the list shows pending entries; this one left it

  await page.goto(`/gallery?q=${encodeURIComponent(TITLE)}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  expectClean();
});

test('on a phone the entries list fits the screen, empty or full', async ({ page, expectClean }) => {
  const zh = MESSAGES['zh-CN'];
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/admin/#/entries');
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  // A search that finds nothing: the empty list has no header wider than the phone.
  const search = page.getByRole('searchbox', { name: zh['console.filter.search'] }).or(page.getByLabel(zh['console.filter.search']));
  await search.first().fill(`无此作品-${Date.now()}`);
  await search.first().press('Enter');
  await expect(page.locator('.ant-empty')).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  // Every status: rows (at least this file's entry), scrolled inside their own box, the page still 390 wide.
  await search.first().fill('');
  await search.first().press('Enter');
  await chooseOption(page, page.getByLabel(zh['console.filter.status']), zh['console.filter.all']);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  expectClean();
});

test('news published in zh-CN only reads in Traditional Chinese at /zh-TW/events/<id>', async ({ page, expectClean }) => {
  const drawer = await newPublishedNews(page);
  await drawer.getByLabel('封面图片地址').fill('/media/seed/news-2.jpg');
  await drawer.locator('#i18n_zh-CN_title').fill('反诈宣传进校园活动圆满结束');
  await drawer.locator('#i18n_zh-CN_body').fill('<p>同学们学习了如何识别网络诈骗</p>');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/content/news') && r.request().method() === 'POST');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  const created = (await (await saved).json()).data as { id: number };
  expect(created.id).toBeGreaterThan(0);

  await page.goto(`/zh-TW/events/${created.id}`);
  await expect(page.locator('main h1').first()).toHaveText('反詐宣傳進校園活動圓滿結束');
  await expect(page.locator('main').getByText(/同學們學習.如何識別網路詐騙/)).toBeVisible();
  expectClean();
});

test('an organiser uploads a news cover; the public news page shows the uploaded, re-encoded image', async ({ page, expectClean }) => {
  // A 2400x1350 photo carrying EXIF: the server shrinks it to 1920 wide and drops the metadata.
  const photo = await sharp({ create: { width: 2400, height: 1350, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Copyright: 'e2e-owner' } })
    .toBuffer();
  const drawer = await newPublishedNews(page);
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/admin/uploads/image?purpose=newsCover'));
  await drawer.locator('input[type=file]').first().setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: photo });
  const image = (await (await uploaded).json()).data as { url: string; width: number; height: number };
  expect(image.url).toMatch(/^\/media\/content\/[a-f0-9]{24}\.jpg$/);
  expect([image.width, image.height]).toEqual([1920, 1080]);
  await expect(drawer.getByLabel('封面图片地址')).toHaveValue(image.url);
  const preview = drawer.getByTestId('preview-newsCover');
  await expect(preview).toHaveAttribute('src', image.url);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1920);
  await drawer.locator('#i18n_zh-CN_title').fill('上传封面的新闻');
  await drawer.locator('#i18n_zh-CN_summary').fill('封面图片由控制台上传');
  await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, 0));
  await page.screenshot({ path: path.join(process.env.E2E_DATA_DIR as string, 'console-news-upload.png') });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/content/news') && r.request().method() === 'POST');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  const created = (await (await saved).json()).data as { id: number; coverUrl: string };
  expect(created.coverUrl).toBe(image.url);

  await page.goto(`/events/${created.id}`);
  await expect(page.locator('main h1').first()).toHaveText('上传封面的新闻');
  // The page may ask for a resized copy (/media/img/<w>/content/...); either way it is the uploaded file.
  const cover = page.locator('main img.article-cover');
  const name = image.url.slice('/media/'.length);
  await expect(cover).toHaveAttribute('src', new RegExp(name.replace('.jpg', '')));
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The file the page links has no EXIF left.
  const served = await (await page.request.get(image.url)).body();
  expect(served.includes('e2e-owner')).toBe(false);
  expect(photo.includes('e2e-owner')).toBe(true);
  expectClean();
});

/** Payloads from the usual XSS cheat sheets; each would set window.__xss or open a dialog if it ran. */
const RUN = 'window.__xss=(window.__xss||0)+1';
const PAYLOADS = [
  `<script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<img src="/media/seed/news-1.jpg" onload="${RUN}">`,
  `<svg onload="${RUN}"></svg>`,
  `<svg><script>${RUN}</script></svg>`,
  `<body onload="${RUN}">`,
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<a href="javascript:${RUN}" id="xss-a">click</a>`,
  `<a href="JaVaScRiPt:${RUN}">click</a>`,
  `<a href="&#106;avascript:${RUN}">click</a>`,
  `<a href=" javascript:${RUN}">click</a>`,
  `<a href="data:text/html,<script>${RUN}</script>">click</a>`,
  `<div onmouseover="${RUN}" style="position:fixed;inset:0">hover</div>`,
  `<p onclick="${RUN}">p</p>`,
  `<details open ontoggle="${RUN}"></details>`,
  `<video><source onerror="${RUN}"></video>`,
  `<audio src=x onerror="${RUN}"></audio>`,
  `<input autofocus onfocus="${RUN}">`,
  `<select autofocus onfocus="${RUN}"></select>`,
  `<textarea autofocus onfocus="${RUN}"></textarea>`,
  `<marquee onstart="${RUN}">m</marquee>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="javascript:${RUN}">`,
  `<form action="javascript:${RUN}"><button id="xss-b">go</button></form>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  `<style>@import "javascript:${RUN}";</style>`,
  `<link rel="stylesheet" href="javascript:${RUN}">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:${RUN}//">`,
  `<table background="javascript:${RUN}"><tr><td>t</td></tr></table>`,
  `<img src="x:x" onerror="${RUN}">`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>"></noscript>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `"><script>${RUN}</script>`,
  `<img """><script>${RUN}</script>">`,
  `<svg><a xlink:href="javascript:${RUN}"><text y="20">x</text></a></svg>`,
  `<isindex type=image src=1 onerror="${RUN}">`,
];

test('an XSS corpus saved through news and exhibition bodies stays inert on the public pages', async ({ page, request, expectClean }) => {
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const token = (await login.json()).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const body = PAYLOADS.map((p, i) => `<p>payload ${i}</p>${p}`).join('\n');
  const now = new Date().toISOString();
  const i18n = { 'zh-CN': { title: 'XSS 测试', summary: 's', body }, 'zh-TW': {}, 'en-US': {} };
  const news = await request.post('/api/admin/content/news', {
    headers,
    data: { category: 'media', coverUrl: '/media/seed/news-3.jpg', publishedAt: now, status: 'published', sort: 0, i18n },
  });
  const exhibition = await request.post('/api/admin/content/exhibitions', {
    headers,
    data: { coverUrl: '/media/seed/exhibition-1.jpg', mediaUrl: null, publishedAt: now, sort: 0, i18n },
  });
  const ids = { news: (await news.json()).data.id as number, exhibition: (await exhibition.json()).data.id as number };

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  for (const url of [`/events/${ids.news}`, `/zh-TW/events/${ids.news}`, `/exhibition/${ids.exhibition}`]) {
    await page.goto(url);
    await expect(page.getByText(`payload ${PAYLOADS.length - 1}`, { exact: true })).toBeVisible();
    // Give every handler its chance: hover, click and tab through what is there.
    await page.mouse.move(300, 300);
    for (const id of ['#xss-a', '#xss-b']) if (await page.locator(id).count()) await page.locator(id).click({ force: true });
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0)).toBe(0);
    expect(await page.locator('main script, main iframe, main object, main embed, main form, main svg, main style').count()).toBe(0);
    // Nothing left that could run: no on* handler and no javascript:/data: URL anywhere in the page body.
    const live = await page.evaluate(() =>
      [...document.querySelectorAll('main *')].flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith('on') || /^\s*(javascript|data|vbscript):/i.test(a.value)).map((a) => `${el.tagName} ${a.name}`),
      ),
    );
    expect(live).toEqual([]);
  }
  expect(dialogs).toEqual([]);
  expectClean();
});

test('the exhibition editor uploads a video file, shows it converted, and the exhibition page plays it', async ({ page, expectClean }) => {
  test.setTimeout(120_000);
  // A two-second MPEG-4 Part 2 AVI: the server must re-encode it to H.264 before publishing.
  const film = path.join(process.env.E2E_DATA_DIR as string, 'e2e-ceremony.avi');
  await makeFilm(film, { width: 320, height: 240, seconds: 2, codec: 'mpeg4', quality: 20 });
  await signIn(page);
  await page.goto('/admin/#/content/exhibitions');
  await page.getByRole('button', { name: /新\s*建/ }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.locator('#i18n_zh-CN_title').fill('颁奖典礼回顾');
  await drawer
    .getByTestId('exhibition-video-upload')
    .locator('xpath=ancestor::span[contains(@class,"ant-upload")]')
    .locator('input[type=file]')
    .setInputFiles(film);
  await expect(drawer.getByTestId('exhibition-video-preview').locator('video')).toBeVisible({ timeout: 60_000 });
  const mediaUrl = await drawer.getByLabel('视频地址').inputValue();
  expect(mediaUrl).toMatch(/^\/media\/exhibitions\/[a-f0-9]{24}\/video\.mp4$/);
  // The poster frame filled the empty cover.
  expect(await drawer.getByLabel('封面图片地址').inputValue()).toMatch(/^\/media\/exhibitions\/[a-f0-9]{24}\/poster\.jpg$/);
  // Saving closes the editor; the finished upload is the exhibition's video now, so nothing may delete it.
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && r.url().includes('/api/uploads/tus/')) deletes.push(r.url());
  });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/content/exhibitions') && r.request().method() === 'POST');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  const created = (await (await saved).json()).data as { id: number };
  await expect(drawer).toBeHidden();
  await page.waitForLoadState('networkidle');
  expect(deletes).toEqual([]);
  expectClean();

  await page.goto(`/exhibition/${created.id}`);
  await expect(page.locator('video.article-cover')).toHaveAttribute('src', mediaUrl);
  const video = await page.request.get(mediaUrl);
  expect(video.status()).toBe(200);
  expect(video.headers()['content-type']).toMatch(/^video\/mp4/);
  expectClean();
});

test('a script or data address typed as a sponsor link or the WeChat QR is refused on its field, and nothing is sent', async ({ page, expectClean }) => {
  await signIn(page);
  const sent: string[] = [];
  page.on('request', (r) => {
    if ((r.method() === 'POST' || r.method() === 'PUT') && /\/api\/admin\/(content|settings|identity)/.test(r.url())) sent.push(r.url());
  });
  const refusal = ERRORS[6040]['zh-CN'];
  const fieldError = (label: string) =>
    page
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel(label, { exact: true }) })
      .locator('.ant-form-item-explain-error');

  await page.goto('/admin/#/content/sponsors');
  await page.getByRole('button', { name: /新\s*建/ }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByLabel('链接', { exact: true }).fill('javascript:alert(1)');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError('链接')).toHaveText(refusal);

  // The WeChat QR belongs to the contest's identity.
  await page.goto('/admin/#/identity');
  await page.getByLabel('微信二维码', { exact: true }).fill('data:text/html,<script>alert(1)</script>');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError('微信二维码')).toHaveText(refusal);
  expect(sent).toEqual([]);
  expectClean();
});

test('an organiser whose session ended is told so in their language and sent to the console login', async ({ page, problems }) => {
  await signIn(page);
  // The session ends on the server (as after a password reset or the idle limit) while the page stays open.
  await page.evaluate((key) => localStorage.setItem(key, 'no-longer-a-session'), ACCESS_TOKEN_KEY);
  await page.getByRole('menuitem', { name: '作品审核' }).click();
  await expect(page.getByText(MESSAGES['zh-CN']['request.sessionExpired'])).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/#\/login/);
  expect(await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY)).toBeNull();
  expect(problems.list.filter((p) => !p.includes('status of 401'))).toEqual([]);
});
