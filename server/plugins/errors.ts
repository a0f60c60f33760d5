import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';

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
  const field = path || context || 'so‘rov';
  const reasons: Record<string, () => string> = {
    type: () => `${String(params.type)} turida bo'lishi kerak`,
    minLength: () =>
      params.limit === 1 ? "bo'sh bo'lmasligi kerak" : `kamida ${String(params.limit)} belgi bo'lishi kerak`,
    maxLength: () => `ko'pi bilan ${String(params.limit)} belgi bo'lishi mumkin`,
    minimum: () => `${String(params.limit)} dan kichik bo'lmasligi kerak`,
    maximum: () => `${String(params.limit)} dan katta bo'lmasligi kerak`,
    format: () => `${String(params.format)} formatida bo'lishi kerak`,
    pattern: () => 'ruxsat etilmagan belgilar bor',
    enum: () => `quyidagilardan biri bo'lishi kerak: ${(params.allowedValues as unknown[] | undefined)?.join(', ')}`,
    const: () => `${String(params.allowedValue)} bo'lishi kerak`,
    minItems: () => `kamida ${String(params.limit)} ta element bo'lishi kerak`,
    maxItems: () => `ko'pi bilan ${String(params.limit)} ta element bo'lishi mumkin`,
    minProperties: () => 'kamida bitta maydon yuborilishi kerak',
  };
  const reason = reasons[issue.keyword]?.() ?? issue.message ?? "noto'g'ri qiymat";
  return `"${field}" maydoni noto'g'ri: ${reason}.`;
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
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .send(errorBody(status, "Serverda kutilmagan xatolik yuz berdi. Iltimos, keyinroq qayta urinib ko'ring."));
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type) keep their status.
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError'
        ? "So'rov tanasi yaroqli JSON emas."
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? "So'rov hajmi juda katta."
          : error.message;
    return reply.code(status).send(errorBody(status, message));
  });
}
