import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { canonicalIp } from '../net/ip';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address as every budget counts it: `ip` (after TRUST_PROXY) in its one spelling (net/ip.ts). */
    clientIp: string;
  }
}

const kClientIp = Symbol('clientIp');
type Cached = { [kClientIp]?: string };

/** Decorates `request.clientIp`, worked out on first read and kept for the request. */
export const clientAddressPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('clientIp', {
    getter() {
      const self = this as unknown as Cached & { ip: string };
      if (self[kClientIp] === undefined) self[kClientIp] = canonicalIp(self.ip);
      return self[kClientIp];
    },
  });
});
