import { errorCodes, type ErrorCode } from '@amora/shared/errors.ts';

/** An error with a contract code (DESIGN §4); the error plugin turns it into `{statusCode, code, message}`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    statusCode?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode ?? errorCodes[code];
  }
}

export const notFound = (what = 'Not found'): AppError => new AppError('NOT_FOUND', what);
export const forbidden = (why: string): AppError => new AppError('FORBIDDEN', why);
export const unauthorized = (why = 'Sign in to continue'): AppError => new AppError('UNAUTHORIZED', why);
export const insufficientTokens = (): AppError =>
  new AppError('INSUFFICIENT_TOKENS', 'Not enough tokens. Top up your balance to continue.');

/** True when a database error is a unique-constraint violation (PostgreSQL and PGlite both use 23505). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e === 'object' && e !== null && 'code' in e && e.code === '23505') {
      return true;
    }
    e = typeof e === 'object' && e !== null && 'cause' in e ? e.cause : undefined;
  }
  return false;
}
