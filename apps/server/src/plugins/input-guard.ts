import { findNul } from '@amora/shared/text.ts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * The one boundary check every request goes through before its schema (docs/decisions/031): a NUL
 * character (U+0000) anywhere in the path parameters, query, body, cookies or headers answers 400
 * VALIDATION_ERROR. Neither PostgreSQL nor PGlite can store it in text, so otherwise it reached the
 * database and came back as a 500 with the user's text in the error log.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const where =
      findNul(req.params, 'params') ??
      findNul(req.query, 'query') ??
      findNul(req.body, 'body') ??
      findNul(req.cookies, 'cookies') ??
      findNul(req.headers, 'headers');
    if (where) throw new AppError('VALIDATION_ERROR', 'input.nulByte', { where: where.slice(0, 80) });
  });
}
