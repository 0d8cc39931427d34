import type { UaFamily, VoteSignals } from '../../../../common/vote-review';

/**
 * The risk score of a counted vote, 0-100: the sum of the rules below, capped at 100. A vote at or above
 * SUSPICIOUS_RISK (50) is shown as suspicious; no rule alone reaches it, so one odd trait (a quick click, a
 * vote from the gallery list) never marks a person, while a script shows several at once.
 *
 * | signal                                   | points |
 * | ---------------------------------------- | ------ |
 * | address: >= 20 votes in the hour before  | 35     |
 * | address: >= 5                            | 20     |
 * | subnet: >= 50 votes in the hour before   | 25     |
 * | subnet: >= 10                            | 10     |
 * | challenge used < 1.5 s after its issue   | 15     |
 * | user agent: a script or none             | 25     |
 * | user agent: a headless browser           | 15     |
 * | entry page not viewed first              | 10     |
 * | entry: >= 10 votes in the minute before  | 20     |
 * | entry: >= 4                              | 10     |
 */
export const RISK_RULES = {
  address: [
    [20, 35],
    [5, 20],
  ],
  subnet: [
    [50, 25],
    [10, 10],
  ],
  quickSolveMs: 1_500,
  quickSolve: 15,
  ua: { script: 25, none: 25, headless: 15 } as Partial<Record<UaFamily, number>>,
  notViewed: 10,
  entryBurst: [
    [10, 20],
    [4, 10],
  ],
} as const;

/** The points of the first step the value reaches (steps are listed from the highest). */
const step = (value: number, steps: readonly (readonly [number, number])[]) => steps.find(([min]) => value >= min)?.[1] ?? 0;

export function riskScore(s: VoteSignals): number {
  const r = RISK_RULES;
  const points =
    step(s.addressHour, r.address) +
    step(s.subnetHour, r.subnet) +
    (s.solveMs !== null && s.solveMs < r.quickSolveMs ? r.quickSolve : 0) +
    (r.ua[s.uaFamily] ?? 0) +
    (s.viewedFirst ? 0 : r.notViewed) +
    step(s.entryMinute, r.entryBurst);
  return Math.min(100, points);
}

const SCRIPTS = /curl|wget|python|node|axios|got\/|undici|go-http|java\/|okhttp|libwww|httpclient|scrapy|bot|spider|crawl|postman|insomnia/i;

/** The user agent's family, as far as a header says: scripts and headless browsers named for what they are. */
export function uaFamily(userAgent: string | undefined): UaFamily {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'none';
  if (/headless|phantomjs|puppeteer|playwright|selenium|webdriver/i.test(ua)) return 'headless';
  if (SCRIPTS.test(ua)) return 'script';
  if (/micromessenger/i.test(ua)) return 'wechat';
  if (/edg(e|a|ios)?\//i.test(ua)) return 'edge';
  if (/firefox|fxios/i.test(ua)) return 'firefox';
  if (/chrome|chromium|crios/i.test(ua)) return 'chrome';
  if (/safari/i.test(ua)) return 'safari';
  return 'other';
}
