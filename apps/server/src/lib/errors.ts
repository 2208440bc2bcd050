import { errorCodes, type ErrorCode } from '@amora/shared/errors.ts';
import {
  renderMessage,
  type MessageKey,
  type MessageLanguage,
  type MessageParams,
  type Msg,
} from './messages/index.ts';

/**
 * An error with a contract code (DESIGN §4) and a message key; the error plugin turns it into
 * `{statusCode, code, message}` with the message in the reader's language (`message` here is English).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly params: MessageParams | undefined;
  /** Sent as Retry-After (429 answers). */
  retryAfterSeconds: number | undefined;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    params?: MessageParams,
    statusCode?: number,
  ) {
    super(renderMessage('en', messageKey, params));
    this.name = 'AppError';
    this.params = params;
    this.statusCode = statusCode ?? errorCodes[code];
  }

  /** The same error from a message built elsewhere (a refusal reason). */
  static of(code: ErrorCode, m: Msg): AppError {
    return new AppError(code, m.key, m.params);
  }

  /** The message in `language` (English is `message`). */
  messageIn(language: MessageLanguage): string {
    return renderMessage(language, this.messageKey, this.params);
  }
}

export const notFound = (key: MessageKey = 'error.notFound', params?: MessageParams): AppError =>
  new AppError('NOT_FOUND', key, params);
export const forbidden = (why: MessageKey | Msg, params?: MessageParams): AppError =>
  typeof why === 'string' ? new AppError('FORBIDDEN', why, params) : AppError.of('FORBIDDEN', why);
export const unauthorized = (key: MessageKey = 'auth.signIn', params?: MessageParams): AppError =>
  new AppError('UNAUTHORIZED', key, params);
export const insufficientTokens = (): AppError => new AppError('INSUFFICIENT_TOKENS', 'tokens.insufficient');
/** BANNED with the operator's reason when one was given (their own words, shown as written). */
export const banned = (reason: string | null | undefined): AppError =>
  reason
    ? new AppError('BANNED', 'account.blockedReason', { reason })
    : new AppError('BANNED', 'account.blocked');

/** The database error in `err` or its causes (drizzle wraps the driver's) that matches `test`. */
function databaseError(err: unknown, test: (e: { code?: unknown; message?: unknown }) => boolean): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e === 'object' && e !== null && 'code' in e && test(e)) return true;
    e = typeof e === 'object' && e !== null && 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/** True when a database error is a unique-constraint violation (PostgreSQL and PGlite both use 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return databaseError(err, (e) => e.code === '23505');
}

/**
 * True when a statement refused itself with `amora_refuse(code)` (migration 0017, decision 203):
 * SQLSTATE P0001 with the code as the message. Nothing the statement wrote was kept.
 */
export function isRefusal(err: unknown, code: string): boolean {
  return databaseError(err, (e) => e.code === 'P0001' && e.message === code);
}
