import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks `option` in the antd select whose combobox is `field`, and returns once the choice shows in the field
 * and the dropdown has closed. On a loaded machine a click can reach the list while it is still animating in
 * and be lost (the list stays open on the old value), and an axe scan taken while the list animates out sees an
 * unnamed listbox: so the pick is repeated until the page shows it, and the next step waits for the list to go.
 */
export async function chooseOption(page: Page, field: Locator, option: string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const select = field.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    if ((await open.count()) === 0) await field.click();
    await open.locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 5_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(open).toHaveCount(0);
}
