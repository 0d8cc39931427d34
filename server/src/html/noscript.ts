import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_PAGE_SIZE, SPONSOR_TIERS } from '../../../common/constants';
import type { CountsShown, GalleryEntrySummary } from '../../../common/gallery';
import { escapeHtml } from '../../../common/html-escape';
import { MESSAGES, type MessageKey } from '../../../common/i18n/index';
import type { SiteIdentity } from '../../../common/identity';
import type { Locale } from '../../../common/locales';
import { NAV_ITEMS, RESULTS_NAV_ITEM } from '../../../common/nav-items';
import { HOME_NEWS_COUNT } from '../../../common/query-keys';
import type { AppContext } from '../context';
import { type PageLoads, pageReads } from './page-loads';

/**
 * The page as plain HTML inside <noscript>: what a visitor with JavaScript off, a crawler or a link-preview
 * bot reads (the app's root element is empty until its script runs). The header's menu, the page's main
 * text and links, the footer's line; no pictures, players or forms, which need the app. Everything comes
 * from the same services as the API (and the same hidden or delayed vote counts), read once per render
 * with the <head> and the data block (page-loads.ts), and is cached with the page's HTML.
 */

export type NoscriptPage = {
  ctx: AppContext;
  locale: Locale;
  /** Whether the URL carried /{lang}: the links keep it, as the app's do. */
  prefixed: boolean;
  /** The route shown (its path in common/routes.ts), '404' for a missing record. */
  route: string;
  params: Record<string, string>;
  /** The list page asked for with ?page=N (listPageOf), else 1. */
  listPage: number;
  identity: SiteIdentity;
  resultsPublished: boolean;
  loads: PageLoads;
  /** Where a failed read is reported (the page is still served, without that part). */
  warn: (err: unknown) => void;
};

/** The highest ?page= of a list served as its own page; further ones get the first page's HTML. */
const MAX_LIST_PAGE = 100;

/**
 * The list page a URL asks for when its whole query is `?page=N` (2..100), else null: the page's HTML is
 * cached per path and this number, so any other query string still shares one entry.
 */
export function listPageOf(search: string): number | null {
  const m = /^\?page=(\d{1,3})$/.exec(search);
  const n = m ? Number(m[1]) : 0;
  return n >= 2 && n <= MAX_LIST_PAGE ? n : null;
}

/** A message with its values, formatted by the same ICU rules the app's react-intl uses (plurals, `#`). */
function msg(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  const text = MESSAGES[locale][key] ?? MESSAGES['zh-CN'][key] ?? key;
  return String(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).format(values));
}

const PAGE_INTROS: Partial<Record<string, MessageKey>> = {
  professionalJury: 'jury.intro',
  gallery: 'gallery.intro',
  exhibition: 'exhibition.intro',
  contactUs: 'contact.intro',
  submitWorks: 'submit.intro',
  share: 'share.pageIntro',
  transparency: 'transparency.intro',
  voteReceipt: 'receipt.intro',
};

const HERO_ACTIONS: { path: string; label: MessageKey }[] = [
  { path: '/submitWorks', label: 'home.ctaSubmit' },
  { path: '/gallery', label: 'home.ctaVote' },
  { path: '/eventDetails', label: 'home.ctaDetails' },
];

const THEMES: [MessageKey, MessageKey][] = [
  ['home.theme1Title', 'home.theme1Body'],
  ['home.theme2Title', 'home.theme2Body'],
  ['home.theme3Title', 'home.theme3Body'],
];

/** How one page's text is written: escaped texts, localised messages, links that keep the URL's prefix. */
class Writer {
  constructor(readonly page: NoscriptPage) {}
  t(key: MessageKey, values?: Record<string, string | number>): string {
    return escapeHtml(msg(this.page.locale, key, values));
  }
  href(path: string): string {
    return escapeHtml(this.page.prefixed && path !== '/share' ? `/${this.page.locale}${path}` : path);
  }
  link(path: string, html: string, attrs = ''): string {
    return `<a href="${this.href(path)}"${attrs}>${html}</a>`;
  }
  lang(value: string | undefined): string {
    return value ? ` lang="${escapeHtml(value)}"` : '';
  }
  date(iso: string): string {
    const fmt = new Intl.DateTimeFormat(this.page.locale, { dateStyle: 'long', timeZone: this.page.ctx.config.contestTimezone });
    return `<time datetime="${escapeHtml(iso)}">${escapeHtml(fmt.format(new Date(iso)))}</time>`;
  }
  /** A count as the API lets the public see it: the number, the number as of the snapshot, or hidden (null). */
  votes(voteCount: number | null, counts: CountsShown): string {
    if (voteCount === null) return this.t('gallery.countsHidden');
    if (counts.display === 'delayed' && counts.asOf) {
      const time = new Date(counts.asOf).toLocaleTimeString(this.page.locale, {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: this.page.ctx.config.contestTimezone,
      });
      return this.t('gallery.votesAsOf', { count: voteCount, time });
    }
    return this.t('gallery.votes', { count: voteCount });
  }
  entries(items: GalleryEntrySummary[], counts: CountsShown): string {
    if (!items.length) return '';
    const rows = items.map((e) => {
      const no = e.entryNo === null ? '' : `${this.t('gallery.entryNo', { no: String(e.entryNo).padStart(3, '0') })} · `;
      const line = `${no}<span${this.lang(e.lang)}>${escapeHtml(e.team)}</span> · ${this.votes(e.voteCount, counts)}`;
      return `<li>${this.link(`/gallery/${e.id}`, escapeHtml(e.title), this.lang(e.titleLang))}<br>${line}</li>`;
    });
    return `<ul class="nojs-list">${rows.join('')}</ul>`;
  }
  h1(text: string): string {
    return `<h1>${text}</h1>`;
  }
  intro(route: string): string {
    const key = PAGE_INTROS[route];
    return key ? `<p>${this.t(key)}</p>` : '';
  }
  more(path: string, key: MessageKey = 'common.viewAll'): string {
    return `<p>${this.link(path, this.t(key))}</p>`;
  }
  emptyPage(): string {
    return `<h2>${this.t('empty.page.title')}</h2><p>${this.t('empty.page.text')}</p>`;
  }
  /** A page the organiser writes in the console: its body is sanitised rich text when it is saved. */
  async written(slug: string): Promise<string> {
    const p = this.page;
    const content = await pageReads.page(p.ctx, p.loads, p.locale, slug);
    return content.published ? `<div class="nojs-body">${content.body}</div>` : '';
  }
}

type Section = (w: Writer) => Promise<string>;

const routeTitle = (w: Writer, route: string) => w.t(`route.${route}` as MessageKey);

/** The main content of each route; a route not named here shows its title and intro. */
const SECTIONS: Record<string, Section> = {
  home: async (w) => {
    const { ctx, loads, locale, identity } = w.page;
    const [films, news, jury, sponsors] = await Promise.all([
      pageReads.homeFilms(ctx, loads, locale),
      pageReads.news(ctx, loads, locale, 1, HOME_NEWS_COUNT),
      pageReads.jury(ctx, loads, locale),
      pageReads.sponsors(ctx, loads, locale),
    ]);
    const out = [
      w.h1(escapeHtml(identity.heroTitle || msg(locale, 'home.heroTitle'))),
      `<p>${escapeHtml(identity.heroSubtitle || msg(locale, 'home.heroSubtitle'))}</p>`,
      `<ul class="nojs-actions">${HERO_ACTIONS.map((a) => `<li>${w.link(a.path, w.t(a.label))}</li>`).join('')}</ul>`,
    ];
    if (films.items.length) {
      out.push(
        `<h2>${w.t(films.order === 'mostVoted' ? 'home.filmsMostVoted' : 'home.filmsNewest')}</h2>`,
        w.entries(films.items, films.counts),
        w.more('/gallery'),
      );
    }
    out.push(`<h2>${w.t('home.themeTitle')}</h2><p>${w.t('home.themeBody')}</p>`);
    for (const [title, body] of THEMES) out.push(`<h3>${w.t(title)}</h3><p>${w.t(body)}</p>`);
    if (news.items.length) {
      const rows = news.items.map((n) => `<li>${w.link(`/events/${n.id}`, escapeHtml(n.title))} ${w.date(n.publishedAt)}</li>`);
      out.push(`<h2>${w.t('home.latestNews')}</h2><ul class="nojs-list">${rows.join('')}</ul>`, w.more('/events'));
    }
    if (jury.length) {
      const rows = jury.slice(0, 6).map((m) => `<li><strong>${escapeHtml(m.name)}</strong> · ${escapeHtml(m.title)}</li>`);
      out.push(`<h2>${w.t('home.juryPreview')}</h2><ul class="nojs-list">${rows.join('')}</ul>`, w.more('/professionalJury'));
    }
    if (sponsors.length) out.push(`<h2>${w.t('home.sponsorsTitle')}</h2><ul>${sponsors.map((s) => `<li>${escapeHtml(s.name)}</li>`).join('')}</ul>`);
    return out.join('');
  },
  eventDetails: async (w) => {
    const { ctx, loads, locale } = w.page;
    const content = await pageReads.page(ctx, loads, locale, 'eventDetails');
    const title = content.published && content.title ? escapeHtml(content.title) : routeTitle(w, 'eventDetails');
    return `${w.h1(title)}<h2>${w.t('details.rulesTitle')}</h2>${content.published ? `<div class="nojs-body">${content.body}</div>` : w.emptyPage()}`;
  },
  events: async (w) => {
    const { ctx, loads, locale, listPage } = w.page;
    const news = await pageReads.news(ctx, loads, locale, listPage, DEFAULT_PAGE_SIZE);
    const rows = news.items.map(
      (n) => `<li><h2>${w.link(`/events/${n.id}`, escapeHtml(n.title))}</h2><p>${w.date(n.publishedAt)}</p><p>${escapeHtml(n.summary)}</p></li>`,
    );
    const empty = news.total === 0 ? `<p>${w.t('empty.news.title')}</p><p>${w.t('empty.news.text')}</p>` : '';
    const next = listPage * news.pageSize < news.total && listPage < MAX_LIST_PAGE ? w.more(`/events?page=${listPage + 1}`, 'noscript.nextPage') : '';
    return `${w.h1(routeTitle(w, 'events'))}${empty}<ul class="nojs-list">${rows.join('')}</ul>${next}`;
  },
  'events/:id': async (w) => {
    const { ctx, loads, locale, params } = w.page;
    const item = await pageReads.newsItem(ctx, loads, locale, Number(params.id));
    const around = [
      item.newer ? `<li>${w.t('news.newer')}: ${w.link(`/events/${item.newer.id}`, escapeHtml(item.newer.title))}</li>` : '',
      item.older ? `<li>${w.t('news.older')}: ${w.link(`/events/${item.older.id}`, escapeHtml(item.older.title))}</li>` : '',
    ].join('');
    return [
      `<p>${w.link('/events', w.t('news.backToList'))}</p>`,
      `<article>${w.h1(escapeHtml(item.title))}<p>${w.t(`news.category.${item.category}` as MessageKey)} · ${w.date(item.publishedAt)}</p>`,
      item.summary ? `<p>${escapeHtml(item.summary)}</p>` : '',
      `<div class="nojs-body">${item.body}</div></article>`,
      around ? `<ul>${around}</ul>` : '',
    ].join('');
  },
  professionalJury: async (w) => {
    const { ctx, loads, locale } = w.page;
    const jury = await pageReads.jury(ctx, loads, locale);
    const rows = jury.map(
      (m) =>
        `<li><h2>${escapeHtml(m.name)}</h2><p>${escapeHtml(m.title)}</p>${
          m.achievements.length ? `<ul>${m.achievements.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>` : ''
        }</li>`,
    );
    const empty = jury.length === 0 ? `<p>${w.t('empty.jury.title')}</p><p>${w.t('empty.jury.text')}</p>` : '';
    return `${w.h1(routeTitle(w, 'professionalJury'))}${w.intro('professionalJury')}${empty}<ul class="nojs-list">${rows.join('')}</ul>`;
  },
  gallery: async (w) => {
    const { ctx, loads, locale } = w.page;
    const page = await pageReads.gallery(ctx, loads, locale, 1, DEFAULT_PAGE_SIZE);
    const head = `${w.h1(routeTitle(w, 'gallery'))}${w.intro('gallery')}`;
    if (page.notYetOpen) return `${head}<h2>${w.t('gallery.comingSoon.title')}</h2><p>${w.t('gallery.comingSoon.noDate')}</p>`;
    if (page.total === 0) return `${head}<p>${w.t('empty.gallery.title')}</p><p>${w.t('empty.gallery.text')}</p>`;
    return `${head}<p>${w.t('gallery.total', { total: page.total })}</p>${w.entries(page.items, page.counts)}`;
  },
  'gallery/:id': async (w) => {
    const { ctx, loads, locale, params } = w.page;
    const e = await pageReads.galleryEntry(ctx, loads, locale, Number(params.id));
    const lang = w.lang(e.lang);
    const no = e.entryNo === null ? '' : `${w.t('gallery.entryNo', { no: String(e.entryNo).padStart(3, '0') })} · `;
    const around = [
      e.prevId ? `<li>${w.link(`/gallery/${e.prevId}`, w.t('gallery.prev'))}</li>` : '',
      e.nextId ? `<li>${w.link(`/gallery/${e.nextId}`, w.t('gallery.next'))}</li>` : '',
    ].join('');
    return [
      `<p>${w.link('/gallery', w.t('gallery.backToList'))}</p>`,
      `<article><h1${w.lang(e.titleLang)}>${escapeHtml(e.title)}</h1>`,
      `<p>${no}<span${lang}>${escapeHtml(e.team)}</span></p>`,
      `<p>${w.votes(e.voteCount, e.counts)}</p>`,
      `<h2>${w.t('gallery.creationBackground')}</h2><p${lang}>${escapeHtml(e.description)}</p>`,
      `<h2>${w.t('gallery.teamIntro')}</h2><p${lang}>${escapeHtml(e.teamDesc)}</p>`,
      e.slogan ? `<h2>${w.t('gallery.slogan')}</h2><blockquote${lang}>${escapeHtml(e.slogan)}</blockquote>` : '',
      '</article>',
      around ? `<ul>${around}</ul>` : '',
    ].join('');
  },
  exhibition: async (w) => {
    const { ctx, loads, locale, listPage } = w.page;
    const list = await pageReads.exhibitions(ctx, loads, locale, listPage, DEFAULT_PAGE_SIZE);
    const rows = list.items.map((x) => `<li><h2>${w.link(`/exhibition/${x.id}`, escapeHtml(x.title))}</h2><p>${escapeHtml(x.summary)}</p></li>`);
    const empty = list.total === 0 ? `<p>${w.t('empty.exhibition.title')}</p><p>${w.t('empty.exhibition.text')}</p>` : '';
    const next = listPage * list.pageSize < list.total && listPage < MAX_LIST_PAGE ? w.more(`/exhibition?page=${listPage + 1}`, 'noscript.nextPage') : '';
    return `${w.h1(routeTitle(w, 'exhibition'))}${w.intro('exhibition')}${empty}<ul class="nojs-list">${rows.join('')}</ul>${next}`;
  },
  'exhibition/:id': async (w) => {
    const { ctx, loads, locale, params } = w.page;
    const x = await pageReads.exhibition(ctx, loads, locale, Number(params.id));
    return [
      `<p>${w.link('/exhibition', w.t('exhibition.backToList'))}</p>`,
      `<article>${w.h1(escapeHtml(x.title))}<p>${w.date(x.publishedAt)}</p>`,
      x.summary ? `<p>${escapeHtml(x.summary)}</p>` : '',
      `<div class="nojs-body">${x.body}</div></article>`,
    ].join('');
  },
  specialThanks: async (w) => {
    const { ctx, loads, locale } = w.page;
    const [body, sponsors] = await Promise.all([w.written('specialThanks'), pageReads.sponsors(ctx, loads, locale)]);
    const tiers = SPONSOR_TIERS.map((tier) => {
      const inTier = sponsors.filter((s) => s.tier === tier);
      return inTier.length
        ? `<h2>${w.t(`thanks.tier.${tier}` as MessageKey)}</h2><ul>${inTier.map((s) => `<li>${escapeHtml(s.name)}</li>`).join('')}</ul>`
        : '';
    }).join('');
    return `${w.h1(routeTitle(w, 'specialThanks'))}${body}${tiers || (body ? '' : w.emptyPage())}`;
  },
  contactUs: async (w) => {
    const email = w.page.identity.contactEmail;
    const mail = email ? `<p>${w.t('footer.email')}: <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a></p>` : '';
    return `${w.h1(routeTitle(w, 'contactUs'))}${w.intro('contactUs')}${mail}`;
  },
  results: async (w) => {
    const { ctx, loads, locale } = w.page;
    const results = await pageReads.results(ctx, loads, locale);
    const head = w.h1(routeTitle(w, 'results'));
    if (!results) return `${head}<p>${w.t('results.soon')}</p>`;
    const groups = results.groups.map((g) => {
      const key = `group.${g.group}` as MessageKey;
      const name = MESSAGES[locale][key] ? w.t(key) : escapeHtml(g.group);
      const rows = g.winners.map(
        (x) =>
          `<li><strong>${escapeHtml(x.award)}</strong> ${w.link(`/gallery/${x.entryId}`, escapeHtml(x.title), w.lang(x.titleLang))}${x.team ? ` · ${escapeHtml(x.team)}` : ''}</li>`,
      );
      return `<h2>${name}</h2><ul class="nojs-list">${rows.join('')}</ul>`;
    });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: ctx.config.contestTimezone }).format(new Date(results.publishedAt));
    return `${head}<p>${w.t('results.intro')}</p>${groups.join('')}<p>${w.t('results.publishedAt', { date })}</p>`;
  },
  aboutUs: async (w) => `${w.h1(routeTitle(w, 'aboutUs'))}${(await w.written('aboutUs')) || w.emptyPage()}`,
  privacy: async (w) => `${w.h1(routeTitle(w, 'privacy'))}${(await w.written('privacy')) || `<p>${w.t('privacy.builtin.intro')}</p>`}`,
  '404': async (w) => `${w.h1(w.t('route.404'))}<p>${w.link('/home', w.t('menu.home'))}</p>`,
};

/** The header's menu (the results once published) and the site's name, as the app's header shows them. */
function header(w: Writer): string {
  const { identity, resultsPublished } = w.page;
  const items = resultsPublished ? [...NAV_ITEMS, RESULTS_NAV_ITEM] : NAV_ITEMS;
  const links = items.map((item) => `<li>${w.link(item.path, w.t(item.label))}</li>`).join('');
  return `<header class="nojs-header"><p class="nojs-site">${w.link('/home', escapeHtml(identity.siteName))}</p><nav aria-label="${w.t('menu.main')}"><ul>${links}</ul></nav></header>`;
}

function footer(w: Writer): string {
  const { identity, locale } = w.page;
  const organiser = identity.organiser || msg(locale, 'site.organiser');
  return `<footer class="nojs-footer"><p>${w.t('footer.rights', { year: new Date().getFullYear(), organiser })}</p></footer>`;
}

/**
 * The <noscript> block of one page, and whether it is complete: a failed read leaves the header and footer
 * with the page's title, and the page is then not kept in the cache (as for its data block).
 */
export async function renderNoscript(page: NoscriptPage): Promise<{ html: string; complete: boolean }> {
  const w = new Writer(page);
  const section = SECTIONS[page.route];
  const fallback = `${w.h1(routeTitle(w, page.route))}${w.intro(page.route)}`;
  let main = fallback;
  let complete = true;
  if (section) {
    try {
      main = await section(w);
    } catch (err) {
      page.warn(err);
      complete = false;
    }
  }
  const html = `<noscript><div class="nojs">${header(w)}<main class="nojs-main"><p class="nojs-note">${w.t('noscript.needsJs')}</p>${main}</main>${footer(w)}</div></noscript>`;
  return { html, complete };
}
