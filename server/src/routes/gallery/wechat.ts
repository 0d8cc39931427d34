import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { safeReturnPath, WECHAT_CALLBACK_PATH, wechatAuthorizeUrl, wechatSignIn } from '../../services/gallery/voter-wechat';
import { ensureVoterKey, readVoterKey, setWechatId } from './voter-cookie';

const byIp = (req: FastifyRequest) => req.clientIp;
const entryId = z.coerce.number().int().positive().max(2_147_483_647);

/** `path` with one more query parameter. */
const withParam = (path: string, key: string, value: string | number) => `${path}${path.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(String(value))}`;

/**
 * WeChat voters' two stops: the Vote button's link to WeChat's authorisation, and WeChat's way back. Both are
 * top-level navigations, so the way back answers with a redirect to the entry page either way: `wxVote=<id>`
 * when signed in (the page then casts the vote), `wxEntry=<id>&wxError=<code>` when not (the page tells why).
 */
export async function wechatVoterRoutes(app: FastifyInstance, secureCookie: boolean): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/gallery/wechat/authorize',
    {
      schema: { querystring: z.object({ entryId, returnTo: z.string().max(300).optional() }) },
      config: { rateLimit: { keyGenerator: byIp, max: 60, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      // The state is bound to this browser's voter cookie: issued now if it has none.
      const binding = ensureVoterKey(req, reply, secureCookie);
      const url = await wechatAuthorizeUrl(ctx, { entryId: req.query.entryId, returnTo: req.query.returnTo, userAgent: req.headers['user-agent'], binding });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  r.get(
    WECHAT_CALLBACK_PATH,
    {
      schema: {
        querystring: z.object({
          code: z.string().max(256).optional(),
          state: z.string().max(128).optional(),
          to: z.string().max(300).optional(),
          entry: entryId,
        }),
      },
      config: { rateLimit: { keyGenerator: byIp, max: 30, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const q = req.query;
      const to = safeReturnPath(q.to);
      reply.header('cache-control', 'no-store');
      try {
        const id = await wechatSignIn(ctx, { code: q.code, state: q.state, to: q.to, entryId: q.entry, binding: readVoterKey(req) });
        setWechatId(reply, id, secureCookie);
        return reply.redirect(withParam(to, 'wxVote', q.entry), 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.redirect(withParam(withParam(to, 'wxEntry', q.entry), 'wxError', err.code), 302);
      }
    },
  );
}
