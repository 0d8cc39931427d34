/** The e2e WeChat stand-in's port, from the app's E2E port so parallel runs on other ports do not clash. */
export function wechatPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.E2E_PORT || 3100) + 3000;
}

/** The organiser's apps the stand-in knows (the spec enters them in the console). */
export const E2E_WECHAT_APPS = {
  mp: { appId: 'wxe2emp000000001', secret: 'e2e-mp-secret-00000001' },
  web: { appId: 'wxe2eweb00000001', secret: 'e2e-web-secret-0000001' },
};
