import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import type { SmsSettings } from '../config';
import { SmsRefused, type SmsSender, splitEndpoint } from './sms';

type AliyunConfig = ConstructorParameters<typeof Dysmsapi>[0];

/**
 * Alibaba Cloud SMS (SendSms, 2017-05-25) through the official SDK. The RPC signature (HMAC-SHA1 of the
 * canonical query) is asked for explicitly: it is the one every region's SMS endpoint takes. A business
 * refusal (isv.BUSINESS_LIMIT_CONTROL, a template not approved...) comes back with HTTP 200 and its own Code.
 */
export function aliyunSender(settings: SmsSettings): SmsSender {
  const { protocol, host } = splitEndpoint(settings.endpoint ?? 'dysmsapi.aliyuncs.com');
  // The SDK's Config class lives in a package of its own; the client reads these fields from any object.
  const config = {
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    regionId: settings.region,
    endpoint: host,
    protocol,
    signatureAlgorithm: 'v2',
    readTimeout: 10_000,
    connectTimeout: 5_000,
  } as AliyunConfig;
  const client = new Dysmsapi(config);
  return {
    kind: 'aliyun',
    async send(message) {
      const request = new SendSmsRequest({
        // Alibaba takes the number with its country code and no `+`.
        phoneNumbers: message.to.replace(/^\+/, ''),
        signName: settings.signName,
        templateCode: settings.templateCode,
        templateParam: JSON.stringify({ code: message.code }),
      });
      let body: { code?: string; message?: string } | undefined;
      try {
        body = (await client.sendSms(request)).body;
      } catch (err) {
        const e = err as { code?: string; message?: string };
        throw new SmsRefused('aliyun', e.code ?? 'Error', e.message ?? String(err));
      }
      if (body?.code !== 'OK') throw new SmsRefused('aliyun', body?.code ?? 'NoCode', body?.message ?? '');
    },
  };
}
