import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, type ErrorCode, errorStatus, isErrorCode } from '../../../common/errors';
import { megabytes } from '../../../common/format';
import { classifyFailure, failureAsAppError } from '../db/failures';
import { databaseOutage } from '../db/outage';
import { AppError, failureBody, type MessageValues } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file route's limit in bytes: a body over it is refused as 5002 naming the limit ("exceeds 5 M"), not 9413. */
    fileLimit?: number;
  }
}

/** Schema messages in common/ are catalogue codes written as strings ("2004"); anything else is 1000. */
function codeFromMessage(message: string | undefined): ErrorCode {
  const n = Number(message);
  return isErrorCode(n) ? n : Code.ParameterError;
}

function sendFailure(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  status: number,
  detail: { fields?: Record<string, ErrorCode>; values?: MessageValues } = {},
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(failureBody(code, request.locale, detail));
}

/** Fastify's own refusals by status: the catalogue's transport codes, any other 4xx is a parameter error. */
const TRANSPORT_CODES: Partial<Record<number, ErrorCode>> = {
  429: Code.TooManyRequests,
  413: Code.BodyTooLarge,
  415: Code.UnsupportedMediaType,
  405: Code.MethodNotAllowed,
  404: Code.NotFound,
};

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
      if (failure.code === Code.StorageFull) {
        // The route's pattern, not the URL: query strings may carry tokens.
        request.log.warn({ code: classifyFailure(raw)?.code, method: request.method, route: request.routeOptions.url }, 'write refused: out of storage space');
      }
      if (failure.headers) reply.headers(failure.headers);
      return sendFailure(reply, request, failure.code, failure.status);
    }
    if (raw instanceof AppError) {
      const error = raw;
      // A 5xx code (2008, 2010, 2012, 2101, 7004...) is a failure on our side: logged with its cause. 9503
      // is a wait, not a fault (the drain, logged where it starts).
      if (error.status >= 500 && error.code !== Code.Unavailable) request.log.error({ err: raw }, 'request failed');
      if (error.headers) reply.headers(error.headers);
      return sendFailure(reply, request, error.code, error.status, { fields: error.fields, values: error.values });
    }
    if (hasZodFastifySchemaValidationErrors(raw)) {
      const error = raw;
      const fields: Record<string, ErrorCode> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= codeFromMessage(issue.message);
      }
      const first = Object.values(fields)[0] ?? Code.ParameterError;
      return sendFailure(reply, request, first, Math.max(errorStatus(first), 400), { fields });
    }
    const error = raw as FastifyError;
    if (error.validation) return sendFailure(reply, request, Code.ParameterError, 400);
    // A file route's body over its limit is told in the file rule's words (routes/console/files.ts).
    const fileLimit = request.routeOptions.config?.fileLimit;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && fileLimit !== undefined) {
      return sendFailure(reply, request, Code.FileTooLarge, 413, { values: { size: megabytes(fileLimit) } });
    }
    const status = error.statusCode ?? 500;
    const transport = TRANSPORT_CODES[status];
    if (transport !== undefined) return sendFailure(reply, request, transport, status);
    if (status >= 400 && status < 500) return sendFailure(reply, request, Code.ParameterError, status);
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(reply, request, Code.Internal, 500);
  });
});
