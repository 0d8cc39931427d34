import { afterAll, beforeAll } from 'vitest';
import { startWechatServer, type WechatServer } from './wechat-server';

/** startWechatServer for the calling describe block, with these apps (id, secret); filled in before its tests. */
export function useWechatServer(apps: { appId: string; secret: string }[]): WechatServer {
  const made = {} as WechatServer;
  beforeAll(async () => {
    Object.assign(made, await startWechatServer());
    for (const a of apps) made.app(a.appId, a.secret);
  });
  afterAll(async () => made.close());
  return made;
}
