import { Code } from '../../../common/errors';
import { AppError } from '../errors';

/**
 * Infrastructure failures a visitor can do nothing about but wait: the database cannot be reached (503 with
 * Retry-After, code 9503) or the disk / database is out of space (507, code 9507). Everything else stays a
 * bug (9500, logged with its stack). One place decides, so every route and the upload server agree.
 */
type FailureKind = 'unavailable' | 'outOfSpace';
export type Failure = { kind: FailureKind; code: string; message: string };

/** How long a client should wait before retrying while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

const FROM_DATABASE = Symbol('raised by the database driver');

/**
 * Marks an error as raised by the database driver. Network codes (ECONNREFUSED...) also come from SMTP,
 * Redis or S3; only a marked one means "the database is unreachable".
 */
export function markDatabaseError<T>(err: T): T {
  if (err !== null && typeof err === 'object' && !Object.hasOwn(err, FROM_DATABASE)) {
    try {
      Object.defineProperty(err, FROM_DATABASE, { value: true });
    } catch {
      // a frozen error stays unmarked: classified by its code alone
    }
  }
  return err;
}

// Out of space: the file system (ENOSPC, quota, file too large), SQLite (FULL, a failed write) and
// PostgreSQL's disk_full (53100). Unambiguous wherever they come from.
const OUT_OF_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'SQLITE_FULL', 'SQLITE_IOERR_WRITE', '53100']);
// PostgreSQL SQLSTATEs meaning "no usable connection": admin/crash shutdown, starting up, too many
// connections; class 08 (connection exceptions) is matched by prefix.
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
// SQLite: still locked after busy_timeout, the file cannot be opened, an I/O error (other than a write,
// which is out-of-space above).
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|CANTOPEN|IOERR)/;
// Only when raised by the database driver (see markDatabaseError).
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
const PG_CONNECTION_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|terminating connection/i;

function classifyOne(err: object, fromDatabase: boolean): Failure | undefined {
  const code = typeof (err as { code?: unknown }).code === 'string' ? ((err as { code: string }).code as string) : '';
  const message = typeof (err as { message?: unknown }).message === 'string' ? (err as { message: string }).message : '';
  if (OUT_OF_SPACE.has(code)) return { kind: 'outOfSpace', code, message };
  if (PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SQLITE_UNAVAILABLE.test(code)) return { kind: 'unavailable', code, message };
  if (fromDatabase && (NETWORK.has(code) || PG_CONNECTION_MESSAGE.test(message))) return { kind: 'unavailable', code: code || 'connection', message };
  return undefined;
}

/**
 * What kind of infrastructure failure `err` is, looking through `cause` chains (services wrap driver errors
 * in AppError 2008/2010/2012) and AggregateError lists (a host name with several addresses).
 */
export function classifyFailure(err: unknown): Failure | undefined {
  const queue: { e: unknown; db: boolean }[] = [{ e: err, db: false }];
  for (let seen = 0; queue.length > 0 && seen < 16; seen++) {
    const { e, db } = queue.shift() as { e: unknown; db: boolean };
    if (e === null || typeof e !== 'object') continue;
    const fromDatabase = db || Object.hasOwn(e, FROM_DATABASE);
    const found = classifyOne(e, fromDatabase);
    if (found) return found;
    const cause = (e as { cause?: unknown }).cause;
    if (cause !== undefined) queue.push({ e: cause, db: fromDatabase });
    const list = (e as { errors?: unknown }).errors;
    if (Array.isArray(list)) for (const item of list) queue.push({ e: item, db: fromDatabase });
  }
  return undefined;
}

/** The catalogued error a failure is answered with, or undefined when `err` is no infrastructure failure. */
export function failureAsAppError(err: unknown): AppError | undefined {
  const failure = classifyFailure(err);
  if (failure?.kind === 'unavailable') return new AppError(Code.Unavailable, { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) }, cause: err });
  if (failure?.kind === 'outOfSpace') return new AppError(Code.StorageFull, { cause: err });
  return undefined;
}
