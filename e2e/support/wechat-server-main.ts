import { startWechatServer } from '../../server/test/helpers/wechat-server';
import { E2E_WECHAT_APPS, wechatPort } from './wechat-port';

/**
 * The e2e stand-in for WeChat (server/test/helpers/wechat-server.ts) on its own port, answering for the e2e
 * organiser's two apps; every visitor who reaches its authorisation page agrees as one person. Started by
 * Playwright as a webServer; the e2e app's WECHAT_OPEN_BASE and WECHAT_API_BASE point here.
 */
const wx = await startWechatServer(wechatPort());
for (const app of Object.values(E2E_WECHAT_APPS)) wx.app(app.appId, app.secret);
wx.signInAs({ name: 'e2e_visitor' });
