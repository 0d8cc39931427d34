import type { SmsProvider } from '../config';

/** A voting code for one mobile number: E.164 (`+8613800138000`), the code, and the text the outbox keeps. */
export type SmsMessage = { to: string; code: string; text: string };

/**
 * Sends texted voting codes. With SMS_PROVIDER=aliyun or tencent: the provider's API through its official
 * SDK, with the organiser's approved signature and template. Without (`outbox`): each text is written as a
 * JSON file under DATA_DIR/sms-outbox and printed, so a person trying the site on a laptop can still vote by
 * phone. `send` rejects with SmsRefused when the provider says no.
 */
export type SmsSender = { kind: SmsProvider; send(message: SmsMessage): Promise<void> };

/** The provider's refusal, with its own code and message (for the organiser's log; the voter sees 2052). */
export class SmsRefused extends Error {
  constructor(
    readonly provider: SmsProvider,
    readonly providerCode: string,
    message: string,
  ) {
    super(`${provider} refused the text: ${providerCode} ${message}`);
  }
}

/** `host` or `http(s)://host:port` (SMS_ENDPOINT) as the SDKs take it: a protocol and a host. */
export function splitEndpoint(endpoint: string): { protocol: 'http' | 'https'; host: string } {
  const m = /^(https?):\/\/([^/]+)\/?$/i.exec(endpoint.trim());
  if (!m) return { protocol: 'https', host: endpoint.trim() };
  return { protocol: m[1]?.toLowerCase() === 'http' ? 'http' : 'https', host: m[2] ?? '' };
}
