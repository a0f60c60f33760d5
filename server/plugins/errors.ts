import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { HttpError, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import {
  contextNames,
  frameworkMessages,
  keywordReasons,
  messages,
  statusMessage,
  validationFallbacks,
} from '../messages';
import { loggedError } from './error-log';
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
    return messages.fieldRequired(field);
  }
  if (issue.keyword === 'additionalProperties') {
    return messages.fieldNotAccepted([path, params.additionalProperty].filter(Boolean).join('.'));
  }
  const field = path || (context && contextNames[context]) || context || validationFallbacks.field;
  // ajv's own `message` is English: an unknown keyword gets a plain Uzbek reason instead.
  const reason = keywordReasons[issue.keyword]?.(params) ?? validationFallbacks.reason;
  return messages.fieldInvalid(field, reason);
}

/** Fastify's and its plugins' client errors in Uzbek; one this server does not know gets its status's sentence. */
export function clientMessage(error: FastifyError, status: number): string {
  if (error.name === 'SyntaxError') return frameworkMessages.FST_ERR_CTP_INVALID_JSON_BODY!;
  return (error.code && frameworkMessages[error.code]) || statusMessage(status);
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
      return reply.code(409).send(errorBody(409, messages.valueTaken));
    }
    if (code === PG_FOREIGN_KEY_VIOLATION) {
      return reply.code(409).send(errorBody(409, messages.linkedDataBlocks));
    }
    // Our own errors carry the Uzbek sentence the client is meant to read, whatever the status (a busy 503 too).
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message));
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      // Never `err: error`: a database error's message and properties hold the request's values (see error-log.ts).
      request.log.error({ error: loggedError(error) }, 'request failed');
      return reply.code(status).send(errorBody(status, messages.serverError));
    }
    // Fastify's and its plugins' client errors keep their status, with an Uzbek message instead of theirs.
    return reply.code(status).send(errorBody(status, clientMessage(error, status)));
  });
}
