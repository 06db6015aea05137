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

/** Fields of database errors that carry the statement's values (names, phones, addresses...). */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'queryOptions']);
const REDACTED = '[redacted]';

/** The values a failed statement was sent (Drizzle's `params`, a driver's `parameters`), over the cause chain. */
function statementValues(err: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 5 || err === null || typeof err !== 'object') return out;
  for (const key of ['params', 'parameters']) {
    const values = (err as Record<string, unknown>)[key];
    if (!Array.isArray(values) || values.length === 0) continue;
    out.push(String(values)); // as a message writes them: 'params: a,b,c'
    for (const v of values) if (v !== null && v !== undefined && String(v).length >= 3) out.push(String(v));
  }
  return statementValues((err as { cause?: unknown }).cause, out, depth + 1);
}

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serializeError(err: Error, values: string[], depth: number): LoggedError {
  const scrub = (text: string) => values.reduce((acc, v) => acc.split(v).join(REDACTED), text);
  const out: LoggedError = { type: err.constructor?.name ?? err.name, message: scrub(err.message), stack: scrub(err.stack ?? '') };
  for (const [key, value] of Object.entries(err)) {
    if (VALUE_FIELDS.has(key) || key === 'cause') continue;
    if (typeof value === 'string') out[key] = scrub(value);
    else if (value instanceof Error) out[key] = depth < 5 ? serializeError(value, values, depth + 1) : REDACTED;
    else if (Array.isArray(value)) out[key] = value.map((v) => (v instanceof Error && depth < 5 ? serializeError(v, values, depth + 1) : typeof v === 'string' ? scrub(v) : v));
    else if (typeof value !== 'object' || value === null) out[key] = value;
    else {
      try {
        out[key] = JSON.parse(scrub(JSON.stringify(value) ?? 'null'));
      } catch {
        out[key] = REDACTED; // circular or not JSON: left out
      }
    }
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error && depth < 5) out.cause = serializeError(cause, values, depth + 1);
  return out;
}

/**
 * The logger's `err` serializer: an error as pino would write it, without the values of a failed
 * statement. Drizzle writes them into its message ('params: ...') and `params`, PostgreSQL into
 * `detail` ('Key (phone)=(...)', 'Failing row contains (...)') and the driver into `parameters`:
 * a log must not hold customers' names and phones.
 */
export function errorForLog(err: Error): LoggedError {
  if (!(err instanceof Error)) return err as unknown as LoggedError; // pino passes anything logged under `err`
  const values = [...new Set(statementValues(err))].sort((a, b) => b.length - a.length);
  return serializeError(err, values, 0);
}

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
        ...(error.findings ? { findings: error.findings } : {}),
      });
    }
    // A shop that throttled a call the request could not wait out any longer (issue 28 §4): 503, try again.
    if (error.name === 'StoreApiError' && (error as { code?: string }).code === 'throttled') {
      req.log.warn({ url: req.url, method: req.method }, 'the shop throttled a request’s call');
      return reply.status(503).header('retry-after', '5').send({ success: false, message: messages.store.shopBusy, code: 'shopBusy' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send({ success: false, message: STATUS_MESSAGES[status] ?? messages.common.invalidData });
    }
    req.log.error({ err: error, reqId: req.id, url: req.url, method: req.method }, 'request failed');
    return reply.status(500).send({ success: false, message: messages.common.serverError });
  });
}
