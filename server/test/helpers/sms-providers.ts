import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local servers that speak the SMS providers' own protocols, so the real SDKs talk to them: Alibaba Cloud's
 * RPC style (every parameter in the query, signed with HMAC-SHA1 of the canonical query) and Tencent Cloud's
 * TC3-HMAC-SHA256 (a JSON body, signed in the Authorization header). Each checks the signature with the
 * test's secret, keeps what it received, and answers success or, when `refuse` is set, the provider's refusal.
 */
export type ReceivedText = { to: string; code: string; signName: string; template: string; signed: boolean };
export type FakeSmsProvider = {
  url: string;
  received: ReceivedText[];
  /** The refusal the next sends get (the provider's code), or null to accept them. */
  refuse: string | null;
  /** The last code sent to an E.164 number. */
  lastCodeTo: (e164: string) => string;
  close: () => Promise<void>;
};

export const SMS_KEY = { id: 'test-access-key-id', secret: 'test-access-key-secret-0123456789' };

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Alibaba's percent-encoding: RFC 3986 unreserved characters kept, everything else %XX (space %20, `*` %2A). */
const aliEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Alibaba Cloud's signature v1 of an RPC call: HMAC-SHA1 (key `secret&`) of METHOD&%2F&encoded(sorted query). */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliEncode(k)}=${aliEncode(params[k] ?? '')}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&${aliEncode('/')}&${aliEncode(canonical)}`)
    .digest('base64');
}

async function serve(handler: (req: http.IncomingMessage, body: string) => unknown, fake: Omit<FakeSmsProvider, 'url' | 'close'>): Promise<FakeSmsProvider> {
  const server = http.createServer((req, res) => {
    readBody(req).then(
      (body) => {
        const answer = handler(req, body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const made = fake as FakeSmsProvider;
  made.url = `http://127.0.0.1:${port}`;
  made.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return made;
}

function newFake(): Omit<FakeSmsProvider, 'url' | 'close'> {
  const received: ReceivedText[] = [];
  return {
    received,
    refuse: null,
    lastCodeTo: (e164) => {
      const last = received.filter((r) => r.to === e164 && r.signed).at(-1);
      if (!last) throw new Error(`no text to ${e164}`);
      return last.code;
    },
  };
}

/** Alibaba Cloud SMS, SendSms 2017-05-25 (RPC): answers {Code:"OK"} or the refusal's Code (still HTTP 200, as Alibaba does). */
export function startFakeAliyun(): Promise<FakeSmsProvider> {
  const fake = newFake();
  return serve((req, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const params: Record<string, string> = {};
    for (const [k, v] of url.searchParams) params[k] = v;
    for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    const { Signature: given = '', ...signedParams } = params;
    const signed =
      params.Action === 'SendSms' && params.AccessKeyId === SMS_KEY.id && sameText(given, aliyunSignature(req.method ?? 'POST', signedParams, SMS_KEY.secret));
    const requestId = `req-${fake.received.length + 1}`;
    if (!signed) return { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: requestId };
    const code = (JSON.parse(params.TemplateParam ?? '{}') as { code?: string }).code ?? '';
    fake.received.push({ to: `+${params.PhoneNumbers}`, code, signName: params.SignName ?? '', template: params.TemplateCode ?? '', signed });
    if (fake.refuse) return { Code: fake.refuse, Message: '触发小时级流控Permits:5', RequestId: requestId };
    return { Code: 'OK', Message: 'OK', BizId: `biz-${fake.received.length}`, RequestId: requestId };
  }, fake);
}

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac256 = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

/** Tencent Cloud's TC3-HMAC-SHA256 signature of a POST with a JSON body (content-type and host signed). */
export function tc3Signature(o: { contentType: string; host: string; body: string; timestamp: number; service: string; secretKey: string }): string {
  const date = new Date(o.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = ['POST', '/', '', `content-type:${o.contentType}\nhost:${o.host}\n`, 'content-type;host', sha256hex(o.body)].join('\n');
  const scope = `${date}/${o.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(o.timestamp), scope, sha256hex(canonicalRequest)].join('\n');
  const kSigning = hmac256(hmac256(hmac256(`TC3${o.secretKey}`, date), o.service), 'tc3_request');
  return createHmac('sha256', kSigning).update(stringToSign).digest('hex');
}

/** Tencent Cloud SMS, SendSms 2021-01-11: answers SendStatusSet [{Code:"Ok"}] or the number's refusal code. */
export function startFakeTencent(): Promise<FakeSmsProvider> {
  const fake = newFake();
  return serve((req, body) => {
    const requestId = `req-${fake.received.length + 1}`;
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization ?? ''),
      );
    const timestamp = Number(req.headers['x-tc-timestamp']);
    const expected =
      auth &&
      tc3Signature({
        contentType: String(req.headers['content-type'] ?? ''),
        host: String(req.headers.host ?? '').replace(/:\d+$/, ''),
        body,
        timestamp,
        service: auth[3] ?? '',
        secretKey: SMS_KEY.secret,
      });
    const signed = Boolean(auth && expected && auth[1] === SMS_KEY.id && req.headers['x-tc-action'] === 'SendSms' && sameText(auth[4] ?? '', expected));
    if (!signed)
      return {
        Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: requestId },
      };
    const input = JSON.parse(body) as { PhoneNumberSet: string[]; TemplateParamSet: string[]; SignName: string; TemplateId: string; SmsSdkAppId: string };
    const to = input.PhoneNumberSet[0] ?? '';
    fake.received.push({ to, code: input.TemplateParamSet[0] ?? '', signName: input.SignName, template: input.TemplateId, signed });
    const status = fake.refuse
      ? { Code: fake.refuse, Message: 'the number has reached its daily limit', PhoneNumber: to }
      : { Code: 'Ok', Message: 'send success', PhoneNumber: to, SerialNo: `serial-${fake.received.length}`, Fee: 1, IsoCode: 'CN', SessionContext: '' };
    return { Response: { SendStatusSet: [status], RequestId: requestId } };
  }, fake);
}
