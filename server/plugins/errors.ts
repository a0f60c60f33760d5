import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { HttpError, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { loggedError } from './error-log';
import { CONTEXT_NAMES, FRAMEWORK_MESSAGES, KEYWORD_REASONS, SERVER_ERROR, statusMessage } from './error-messages';
import { NOT_STORED } from './security-headers';

/** Every error leaves the server as `{ statusCode, error, message }`; a 5xx never shows internals. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** Turns an ajv issue into an Uzbek sentence that names the field, e.g. `"price" maydoni noto'g'ri: >= 0 bo'lishi kerak`. */
export function describeValidation(issue: ValidationIssue, context: string | undefined): string {
  const params = issue.params as Record<string, unknown>;
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'required') {
    const field = [path, params.missingProperty].filter(Boolean).join('.');
    return `"${field}" maydoni majburiy.`;
  }
  if (issue.keyword === 'additionalProperties') {
    return `"${[path, params.additionalProperty].filter(Boolean).join('.')}" maydoni qabul qilinmaydi.`;
  }
  const field = path || (context && CONTEXT_NAMES[context]) || context || "so'rov";
  // ajv's own `message` is English: an unknown keyword gets a plain Uzbek reason instead.
  const reason = KEYWORD_REASONS[issue.keyword]?.(params) ?? "noto'g'ri qiymat";
  return `"${field}" maydoni noto'g'ri: ${reason}.`;
}

/** Fastify's and its plugins' client errors in Uzbek; one this server does not know gets its status's sentence. */
export function clientMessage(error: FastifyError, status: number): string {
  if (error.name === 'SyntaxError') return FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!;
  return (error.code && FRAMEWORK_MESSAGES[error.code]) || statusMessage(status);
}

/** Fastify's `frameworkErrors`: a malformed or over-long URL, refused before routing, in the same Uzbek body. */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  // Sent outside every hook, so it sets the headers security-headers.ts gives every other error itself.
  reply
    .code(status)
    .headers(NOT_STORED)
    .send(errorBody(status, clientMessage(error, status)));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation && error.validation.length > 0) {
      const first = error.validation[0]!;
      return reply.code(400).send(errorBody(400, describeValidation(first, error.validationContext)));
    }
    const code = pgErrorCode(error);
    if (code === PG_UNIQUE_VIOLATION) {
      return reply.code(409).send(errorBody(409, 'Bunday qiymat allaqachon mavjud.'));
    }
    if (code === PG_FOREIGN_KEY_VIOLATION) {
      return reply.code(409).send(errorBody(409, "Bog'langan ma'lumotlar sababli amalni bajarib bo'lmaydi."));
    }
    // Our own errors carry the Uzbek sentence the client is meant to read, whatever the status (a busy 503 too).
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message));
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      // Never `err: error`: a database error's message and properties hold the request's values (see error-log.ts).
      request.log.error({ error: loggedError(error) }, 'request failed');
      return reply.code(status).send(errorBody(status, SERVER_ERROR));
    }
    // Fastify's and its plugins' client errors keep their status, with an Uzbek message instead of theirs.
    return reply.code(status).send(errorBody(status, clientMessage(error, status)));
  });
}
