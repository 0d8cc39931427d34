import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '../../common/i18n/index';

/** The vote button's voted state: a "Voted" badge in the polite status region that takes the button's place. */
export function votedState(scope: Page | Locator, locale: keyof typeof MESSAGES = 'en-US'): Locator {
  return scope.getByRole('status').filter({ hasText: MESSAGES[locale]['vote.votedState'] });
}
