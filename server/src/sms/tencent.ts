import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { SmsSettings } from '../config';
import { SmsRefused, type SmsSender, splitEndpoint } from './sms';

/**
 * Tencent Cloud SMS (SendSms, 2021-01-11) through the official SDK, signed with TC3-HMAC-SHA256. A refusal
 * comes either as the whole call's error (Response.Error) or as the number's own status (SendStatusSet[].Code
 * other than `Ok`, e.g. LimitExceeded.PhoneNumberDailyLimit).
 */
export function tencentSender(settings: SmsSettings): SmsSender {
  const { protocol, host } = splitEndpoint(settings.endpoint ?? 'sms.tencentcloudapi.com');
  const client = new sms.v20210111.Client({
    credential: { secretId: settings.accessKeyId, secretKey: settings.accessKeySecret },
    region: settings.region,
    profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: 10 } },
  });
  return {
    kind: 'tencent',
    async send(message) {
      let status: { Code?: string; Message?: string } | undefined;
      try {
        const res = await client.SendSms({
          PhoneNumberSet: [message.to],
          SmsSdkAppId: settings.sdkAppId,
          SignName: settings.signName,
          TemplateId: settings.templateCode,
          TemplateParamSet: [message.code],
        });
        status = res.SendStatusSet?.[0];
      } catch (err) {
        const e = err as { code?: string; message?: string };
        throw new SmsRefused('tencent', e.code ?? 'Error', e.message ?? String(err));
      }
      if (status?.Code !== 'Ok') throw new SmsRefused('tencent', status?.Code ?? 'NoStatus', status?.Message ?? '');
    },
  };
}
