import { SUBSCRIPTION_ERRORS, messages } from '@colete/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

const STATUS_MESSAGES: Record<number, string> = {
  400: messages.common.invalidData,
  401: messages.common.unauthorized,
  403: messages.common.forbidden,
  404: messages.common.notFound,
  413: messages.common.payloadTooLarge,
  415: messages.common.invalidData,
  429: messages.common.tooManyRequests,
};

/**
 * One error handler: validation errors become field messages, AppErrors keep their status and
 * Romanian text, anything else is logged with its request id and answered without detail.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        // Rules that speak in error keys (refillMin50, ...) answer the key's Romanian text.
        const text = v.message ?? messages.common.invalidData;
        errors[key] ??= SUBSCRIPTION_ERRORS[text] ?? text;
      }
      return reply.status(400).send({ success: false, message: messages.common.invalidData, code: 'validation', errors });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        success: false,
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send({ success: false, message: STATUS_MESSAGES[status] ?? messages.common.invalidData });
    }
    req.log.error({ err: error, reqId: req.id, url: req.url, method: req.method }, 'request failed');
    return reply.status(500).send({ success: false, message: messages.common.serverError });
  });
}
