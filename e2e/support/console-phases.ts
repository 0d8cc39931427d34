import type { Page } from '@playwright/test';
import { MESSAGES } from '../../common/i18n/index';

const HOUR = 3_600_000;
/** The contest's wall clock (Asia/Shanghai) `hours` from now, as the phase picker takes it. */
const contestTime = (hours: number) => new Date(Date.now() + (hours + 8) * HOUR).toISOString().slice(0, 16).replace('T', ' ');

/**
 * On the console's settings page (already open): types a week of submissions, from an hour ago, and presses
 * the phase's save. The confirmation that follows is the caller's to read and answer. Returns the phase's name.
 */
export async function saveSubmissionWeek(page: Page): Promise<string> {
  const phaseName = MESSAGES['zh-CN']['phase.submission'];
  await page.locator('#phase-submission').click();
  await page.locator('#phase-submission').fill(contestTime(-1));
  await page.locator('#phase-submission').press('Enter');
  await page.locator('#phase-submission-end').fill(contestTime(7 * 24));
  await page.locator('#phase-submission-end').press('Enter');
  await page
    .getByTestId('phase-submission')
    .getByRole('button', { name: `保存${phaseName}` })
    .click();
  return phaseName;
}
