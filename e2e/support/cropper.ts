import { expect, type Page } from '@playwright/test';

/**
 * Confirms the image cropper that is opening (antd-img-crop). The modal zooms in and its image decodes a
 * moment later; on a busy machine a click that lands before both settle can be lost (CI saw the dialog stay
 * open). So wait for the settled dialog and the decoded image, click, and click again only if the dialog is
 * still open and not leaving a few seconds later: a second click on a closing dialog would crop twice.
 */
export async function confirmCrop(page: Page, okText: string) {
  const dialog = page.getByRole('dialog').filter({ has: page.locator('img.img-crop-media') });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-appear/);
  await expect.poll(() => dialog.locator('img.img-crop-media').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // antd spaces out a two-character CJK label ("确 定"): the name may have spaces between its characters.
  const spaced = [...okText].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*');
  const ok = dialog.getByRole('button', { name: new RegExp(`^\\s*${spaced}\\s*$`) });
  await expect(async () => {
    const leaving = /ant-zoom-leave/.test((await dialog.getAttribute('class', { timeout: 1000 }).catch(() => null)) ?? 'ant-zoom-leave');
    if (!leaving) await ok.click({ timeout: 2000 });
    await expect(dialog).toBeHidden({ timeout: 4000 });
  }).toPass({ timeout: 30_000 });
}
