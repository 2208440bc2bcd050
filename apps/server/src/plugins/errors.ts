import type { ApiErrorBody } from '@amora/shared/errors.ts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import {
  messageLanguageOf,
  negotiateLanguage,
  renderMessage,
  type MessageKey,
  type MessageLanguage,
} from '../lib/messages/index.ts';

type ValidationIssue = {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
};

/**
 * The language of server messages for a request (docs/decisions/025): the signed-in user's interface
 * language (one query, on the error path only), else `Accept-Language`, else English.
 */
export async function requestLanguage(app: FastifyInstance, req: FastifyRequest): Promise<MessageLanguage> {
  const userId = req.authUserId;
  if (userId && app.hasDecorator('identity')) {
    const language = await app.identity.languageOf(userId).catch(() => null);
    if (language) return messageLanguageOf(language);
  }
  return negotiateLanguage(req.headers['accept-language']) ?? 'en';
}

/** Russian text for a zod issue from its code; English keeps zod's own words. */
function issueDetail(language: MessageLanguage, issue: ValidationIssue): string {
  const english = issue.message ?? '';
  if (language === 'en') return english;
  const p = issue.params ?? {};
  const t = (key: MessageKey, params?: Record<string, string | number>) =>
    renderMessage(language, key, params);
  const bound = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : '');
  switch (issue.keyword) {
    case 'invalid_type':
      return english.includes('received undefined') ? t('validation.required') : t('validation.invalidType');
    case 'too_small':
      return t(
        p.origin === 'string' || p.origin === 'array' ? 'validation.tooShort' : 'validation.tooSmall',
        {
          minimum: bound(p.minimum),
        },
      );
    case 'too_big':
      return t(p.origin === 'string' || p.origin === 'array' ? 'validation.tooLong' : 'validation.tooBig', {
        maximum: bound(p.maximum),
      });
    case 'invalid_format':
      return t(p.format === 'email' ? 'validation.invalidEmail' : 'validation.invalidFormat');
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return t('validation.invalidValue');
    case 'unrecognized_keys':
      return t('validation.unknownKeys');
    default:
      // custom refinements carry our own English sentence: the field path still says where
      return english;
  }
}

function describeValidation(err: FastifyError, language: MessageLanguage): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0] as ValidationIssue | undefined;
    if (first) {
      const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const where = err.validationContext ?? 'body';
      return renderMessage(language, 'validation.field', {
        path: path ? `${where}.${path}` : where,
        detail: issueDetail(language, first),
      });
    }
  }
  return language === 'en' ? err.message : renderMessage(language, 'error.badRequest');
}

/** Every error leaves as `{ statusCode, code, message }` (DESIGN §4) in the reader's language; internals are never leaked. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    const language = await requestLanguage(app, req);
    const say = (key: MessageKey) => renderMessage(language, key);
    let body: ApiErrorBody;
    if (err instanceof AppError) {
      body = { statusCode: err.statusCode, code: err.code, message: err.messageIn(language) };
      if (err.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(err.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      body = { statusCode: 400, code: 'VALIDATION_ERROR', message: describeValidation(err, language) };
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      body = { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: say('error.payloadTooLarge') };
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      body = { statusCode: 415, code: 'VALIDATION_ERROR', message: say('error.sendJson') };
    } else if (err.statusCode === 429) {
      body = { statusCode: 429, code: 'RATE_LIMITED', message: say('error.rateLimited') };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: broken JSON, empty JSON body, bad content length...
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? say('error.invalidJson')
          : language === 'en'
            ? err.message
            : say('error.badRequest');
      body = { statusCode: err.statusCode, code: 'VALIDATION_ERROR', message };
    } else {
      if (isResponseSerializationError(err))
        req.log.error({ err, cause: err.cause }, 'response did not match its schema');
      else req.log.error({ err }, 'unhandled error');
      body = { statusCode: 500, code: 'INTERNAL_ERROR', message: say('error.internal') };
    }
    if (body.statusCode >= 400 && body.statusCode < 500)
      req.log.info({ code: body.code, msg: body.message }, 'request refused');
    return reply.code(body.statusCode).send(body);
  });
}
