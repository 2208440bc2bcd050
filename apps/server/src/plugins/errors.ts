import type { ApiErrorBody } from '@amora/shared/errors.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

function describeValidation(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    if (first) {
      const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const where = err.validationContext ?? 'body';
      return path ? `${where}.${path}: ${first.message}` : `${where}: ${first.message}`;
    }
  }
  return err.message;
}

/** Every error leaves as `{ statusCode, code, message }` (DESIGN §4); internals are never leaked. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let body: ApiErrorBody;
    if (err instanceof AppError) {
      body = { statusCode: err.statusCode, code: err.code, message: err.message };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      body = { statusCode: 400, code: 'VALIDATION_ERROR', message: describeValidation(err) };
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      body = { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' };
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      body = {
        statusCode: 415,
        code: 'VALIDATION_ERROR',
        message: 'Send JSON (Content-Type: application/json)',
      };
    } else if (err.statusCode === 429) {
      body = { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests. Try again in a minute.' };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: broken JSON, empty JSON body, bad content length...
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'The body is not valid JSON'
          : err.message;
      body = { statusCode: err.statusCode, code: 'VALIDATION_ERROR', message };
    } else {
      if (isResponseSerializationError(err))
        req.log.error({ err, cause: err.cause }, 'response did not match its schema');
      else req.log.error({ err }, 'unhandled error');
      body = {
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      };
    }
    if (body.statusCode >= 400 && body.statusCode < 500)
      req.log.info({ code: body.code, msg: body.message }, 'request refused');
    return reply.code(body.statusCode).send(body);
  });
}
