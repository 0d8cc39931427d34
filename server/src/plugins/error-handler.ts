import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, errorMessage, errorStatus, isErrorCode } from '../../../common/errors';
import type { Locale } from '../../../common/locales';
import { classifyFailure, failureAsAppError } from '../db/failures';
import { databaseOutage } from '../db/outage';
import { AppError } from '../errors';

/** Builds the failure envelope of DESIGN §4. */
export function failureBody(code: ErrorCode, locale: Locale, fields?: Record<string, ErrorCode>) {
  const body: { code: number; msg: string; data?: { fields: Record<string, { code: number; msg: string }> } } = {
    code,
    msg: errorMessage(code, locale),
  };
  if (fields && Object.keys(fields).length > 0) {
    body.data = {
      fields: Object.fromEntries(Object.entries(fields).map(([k, c]) => [k, { code: c, msg: errorMessage(c, locale) }])),
    };
  }
  return body;
}

/** Schema messages in common/ are catalogue codes written as strings ("2004"); anything else is 1000. */
function codeFromMessage(message: string | undefined): ErrorCode {
  const n = Number(message);
  return isErrorCode(n) ? n : 1000;
}

function sendFailure(reply: FastifyReply, request: FastifyRequest, code: ErrorCode, status: number, fields?: Record<string, ErrorCode>) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(failureBody(code, request.locale, fields));
}

/** The one error handler: every failure leaves as an envelope; no stack trace ever reaches a client. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // The outage's two log lines (start, end) go to the app's log.
  databaseOutage(app.ctx.db).useLog(app.log);
  app.setErrorHandler((raw: unknown, request, reply) => {
    // An unreachable database (503 + Retry-After) or a full disk (507), also when a service wrapped the
    // driver's error in its own 5xx code; a refusal (4xx) stays what it is.
    const failure = raw instanceof AppError && raw.status < 500 ? undefined : failureAsAppError(raw);
    if (failure) {
      // The outage is logged once where queries fail (db/outage.ts); a full disk is named on each refused write.
      if (failure.code === 9507) {
        // The route's pattern, not the URL: query strings may carry tokens.
        request.log.warn({ code: classifyFailure(raw)?.code, method: request.method, route: request.routeOptions.url }, 'write refused: out of storage space');
      }
      if (failure.headers) reply.headers(failure.headers);
      return sendFailure(reply, request, failure.code, failure.status);
    }
    if (raw instanceof AppError) {
      const error = raw;
      if (error.headers) reply.headers(error.headers);
      return sendFailure(reply, request, error.code, error.status, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(raw)) {
      const error = raw;
      const fields: Record<string, ErrorCode> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= codeFromMessage(issue.message);
      }
      const first = Object.values(fields)[0] ?? 1000;
      return sendFailure(reply, request, first, Math.max(errorStatus(first), 400), fields);
    }
    const error = raw as FastifyError;
    if (error.validation) return sendFailure(reply, request, 1000, 400);
    const status = error.statusCode ?? 500;
    if (status === 429) return sendFailure(reply, request, 9429, 429);
    if (status === 413) return sendFailure(reply, request, 9413, 413);
    if (status === 415) return sendFailure(reply, request, 9415, 415);
    if (status === 405) return sendFailure(reply, request, 9405, 405);
    if (status === 404) return sendFailure(reply, request, 9404, 404);
    if (status >= 400 && status < 500) return sendFailure(reply, request, 1000, status);
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(reply, request, 9500, 500);
  });
});
