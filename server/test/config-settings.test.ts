import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ConfigError } from '../src/config-reader';
import { useServerProcesses } from './helpers/server-process';

/** The refusal `loadConfig` throws for an environment, or undefined when it starts. */
function refusal(env: Record<string, string>): ConfigError | undefined {
  try {
    loadConfig(env);
    return undefined;
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
}

describe('settings read at start', () => {
  it('takes the defaults for unset and empty settings', () => {
    const config = loadConfig({ PORT: '', MEDIA_QUEUE: '', LOG_SLOW_LEVEL: ' ' });
    expect(config.port).toBe(3000);
    expect(config.media.queue).toBe('database');
    expect(config.requestLog.slowLevel).toBe('warn');
    expect(config.demoContent).toBe(true);
  });

  it('reads good values of every kind', () => {
    const config = loadConfig({
      PORT: '8080',
      DEMO_CONTENT: 'no',
      MEDIA_QUEUE: 'BullMQ',
      MEDIA_X264_PRESET: 'fast',
      AUTH_LIMIT_LOGIN_IP: '7/30',
      PUBLIC_URL: 'https://contest.example.org/',
      UPLOAD_MAX_AT_ONCE: '2',
    });
    expect(config.port).toBe(8080);
    expect(config.demoContent).toBe(false);
    expect(config.media.queue).toBe('bullmq');
    expect(config.media.preset).toBe('fast');
    expect(config.auth.limits.loginIp).toEqual({ max: 7, windowMs: 30 * 60_000 });
    expect(config.publicUrl).toBe('https://contest.example.org');
    expect(config.uploads.maxAtOnce).toBe(2);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DEMO_CONTENT', 'maybe'],
    ['MEDIA_QUEUE', 'bulmq'],
    ['MEDIA_X264_PRESET', 'placebo'],
    ['MEDIA_WORKER', 'of'],
    ['AUTH_LIMIT_LOGIN_IP', '50 per 15'],
    ['UPLOAD_MAX_AT_ONCE', '0'],
    ['UPLOAD_DISK_RESERVE_MB', '-1'],
    ['RESPONSE_CACHE_TTL_MS', '5s'],
    ['LOG_SLOW_LEVEL', 'warning'],
    ['PUBLIC_URL', 'contest.example.org'],
    ['WORKERS', 'many'],
  ])('refuses %s=%s, naming the setting', (name, value) => {
    const error = refusal({ [name]: value });
    expect(error, `${name}=${value} was accepted`).toBeInstanceOf(ConfigError);
    expect(error?.problems).toHaveLength(1);
    expect(error?.problems[0]).toContain(`${name}="${value}"`);
  });

  it('names every bad setting at once, beside the proxy and time-zone refusals', () => {
    const error = refusal({ PORT: 'x', SESSION_ABSOLUTE_DAYS: 'thirty', TRUST_PROXY: 'true', CONTEST_TIMEZONE: 'Mars/Olympus' });
    expect(error?.problems).toHaveLength(4);
    for (const named of ['PORT="x"', 'SESSION_ABSOLUTE_DAYS="thirty"', 'TRUST_PROXY=1', 'CONTEST_TIMEZONE "Mars/Olympus"']) {
      expect(error?.message).toContain(named);
    }
  });

  const startProcess = useServerProcesses();
  it('a server given a bad setting exits 1 with the settings named and no stack trace', async () => {
    const failed = startProcess({ env: { MEDIA_QUEUE: 'bulmq', UPLOAD_MAX_MB_TOTAL: 'lots', MEDIA_WORKER: 'off' } });
    const error: Error = await failed.then(
      () => new Error('the server started'),
      (err: Error) => err,
    );
    expect(error.message).toMatch(/exited \(1\)/);
    expect(error.message).toMatch(/MEDIA_QUEUE="bulmq": one of database, bullmq/);
    expect(error.message).toMatch(/UPLOAD_MAX_MB_TOTAL="lots": a whole number of at least 1/);
    expect(error.message).not.toMatch(/at loadConfig|config\.ts:\d+/);
  }, 90_000);
});
