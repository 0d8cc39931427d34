import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/support/chromium';
import { mailSinkPorts } from './e2e/support/mail-sink-ports';
import { wechatPort } from './e2e/support/wechat-port';

/**
 * e2e in Debian's Chromium against the built app, served by the real server on a fresh data folder.
 * `npm run test:e2e` builds first; nothing here downloads a browser.
 */
const PORT = Number(process.env.E2E_PORT || 3100);
// A fresh data folder per run (so the server seeds the demo contest anew); set once in the runner's
// environment so worker processes, which load this file again, see the same folder.
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-e2e-'));
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
// A second server with no demo contest (DEMO_CONTENT=false) on PORT + 50, on its own fresh folder: the empty
// install an organiser starts from (e2e/support/empty-install.ts).
process.env.E2E_EMPTY_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'mfc-e2e-empty-'));
export const E2E_EMPTY_DATA_DIR = process.env.E2E_EMPTY_DATA_DIR;
const EMPTY_PORT = PORT + 50;
const MAIL_SINK = mailSinkPorts();

/** The real server on `port` with its own fresh data folder, mailing the sink; `env` adds to the shared settings. */
function appServer(port: number, dataDir: string, env: Record<string, string>) {
  return {
    command: 'node --import tsx server/src/main.ts',
    url: `http://127.0.0.1:${port}/robots.txt`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK.smtp}`,
      // Every spec talks from 127.0.0.1; the per-address account limits are tested in server/test/accounts-limits.
      AUTH_LIMIT_LOGIN_IP: '1000/15',
      AUTH_LIMIT_REGISTER_IP: '200/60',
      // Back-pressure sheds load when this process's event loop lags a second; on a shared 2-core CI machine the
      // whole process is sometimes descheduled that long by other jobs, which is no visitor's experience.
      // Shedding itself is tested in server/test/ops-pressure.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '5000',
      // WeChat's authorisation and API: the local stand-in (e2e/support/wechat-server-main.ts).
      WECHAT_OPEN_BASE: `http://127.0.0.1:${wechatPort()}`,
      WECHAT_API_BASE: `http://127.0.0.1:${wechatPort()}`,
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry absorbs a lost click on a loaded CI machine; `npm test` still reports each flaky test by name.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
    locale: 'zh-CN',
    trace: 'off',
  },
  webServer: [
    {
      // A real SMTP sink the app sends to, with an HTTP reader for the specs (e2e/support/mail-sink-server.ts).
      command: 'node --import tsx e2e/support/mail-sink-server.ts',
      url: `http://127.0.0.1:${MAIL_SINK.http}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx e2e/support/wechat-server-main.ts',
      url: `http://127.0.0.1:${wechatPort()}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    appServer(PORT, E2E_DATA_DIR, {}),
    appServer(EMPTY_PORT, E2E_EMPTY_DATA_DIR, { DEMO_CONTENT: 'false' }),
  ],
});
