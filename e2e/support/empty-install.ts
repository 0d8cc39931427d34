import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The second e2e server (playwright.config.ts): DEMO_CONTENT=false on E2E_PORT + 50, its own fresh
 * E2E_EMPTY_DATA_DIR, the same mail sink. A contest as an organiser finds it right after installing.
 */
export const EMPTY_PORT = Number(process.env.E2E_PORT || 3100) + 50;
export const EMPTY_BASE_URL = `http://127.0.0.1:${EMPTY_PORT}`;

/** The empty install's first organiser, made as a person installing would: `npm run admin -- create`. */
export function createEmptyInstallOrganiser(email: string, password: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'cli', 'admin.ts'), 'create', '--email', email], {
    input: `${password}\n${password}\n`,
    env: { ...process.env, DATA_DIR: process.env.E2E_EMPTY_DATA_DIR, DATABASE_URL: '', DEMO_CONTENT: 'false' },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}

/** Signs in to the empty install's console (zh-CN, the console's default) and waits for the dashboard. */
export async function signInToEmptyConsole(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${EMPTY_BASE_URL}/admin/#/login`);
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
}
