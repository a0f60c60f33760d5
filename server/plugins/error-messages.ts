import { NO_PERMISSION, NOT_FOUND, TOKEN_REQUIRED } from '../errors';

/**
 * The Uzbek sentences that replace the English texts of Fastify and its plugins. Users only ever read Uzbek: an error
 * the tables below do not know gets its status's generic sentence, never the library's own words.
 */

/** Errors Fastify and its plugins raise for a client's mistake, by their `code`. */
export const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "So'rov tanasi yaroqli JSON emas.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "So'rov tanasi bo'sh: JSON yuboring (yoki Content-Type sarlavhasini yubormang).",
  FST_ERR_CTP_BODY_TOO_LARGE: "So'rov hajmi juda katta.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "So'rov tanasining turi (Content-Type) qo'llab-quvvatlanmaydi: JSON yuboring.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "So'rov tanasining hajmi Content-Length sarlavhasiga mos emas.",
  FST_ERR_BAD_URL: "So'rov manzili noto'g'ri.",
  FST_ERR_MAX_PARAM_LENGTH: "So'rov manzili juda uzun.",
  FST_ERR_NOT_FOUND: NOT_FOUND,
  // @fastify/compress, for a compressed request body.
  FST_CP_ERR_INVALID_CONTENT_ENCODING: "So'rov tanasining siqilish usuli (Content-Encoding) qo'llab-quvvatlanmaydi.",
  FST_CP_ERR_INVALID_CONTENT: "So'rov tanasini Content-Encoding sarlavhasidagi usul bilan ochib bo'lmadi.",
};

/** Any other client error, by its status. */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: "So'rov noto'g'ri.",
  401: TOKEN_REQUIRED,
  403: NO_PERMISSION,
  404: NOT_FOUND,
  405: "Bu so'rov usuli qo'llab-quvvatlanmaydi.",
  406: "So'ralgan formatda javob berib bo'lmaydi.",
  408: "So'rov vaqti tugadi. Iltimos, qayta urinib ko'ring.",
  411: "So'rov tanasining hajmi (Content-Length) ko'rsatilmagan.",
  413: "So'rov hajmi juda katta.",
  414: "So'rov manzili juda uzun.",
  415: "So'rov tanasining turi qo'llab-quvvatlanmaydi.",
  416: "So'ralgan qism mavjud emas.",
  429: "Juda ko'p so'rov. Iltimos, birozdan so'ng qayta urinib ko'ring.",
};

export const SERVER_ERROR = "Serverda kutilmagan xatolik yuz berdi. Iltimos, keyinroq qayta urinib ko'ring.";

export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? "So'rovni bajarib bo'lmadi.";
}

/**
 * Why a value failed a JSON-schema keyword, completing `"<field>" maydoni noto'g'ri: …`. Every keyword ajv knows and
 * ours (server/schemas/keywords.ts) are here; `params` are ajv's error parameters.
 */
export const KEYWORD_REASONS: Readonly<Record<string, (params: Record<string, unknown>) => string>> = {
  type: (p) => `${String(p.type)} turida bo'lishi kerak`,
  minLength: (p) => (p.limit === 1 ? "bo'sh bo'lmasligi kerak" : `kamida ${String(p.limit)} belgi bo'lishi kerak`),
  maxLength: (p) => `ko'pi bilan ${String(p.limit)} belgi bo'lishi mumkin`,
  minimum: (p) => `${String(p.limit)} dan kichik bo'lmasligi kerak`,
  maximum: (p) => `${String(p.limit)} dan katta bo'lmasligi kerak`,
  exclusiveMinimum: (p) => `${String(p.limit)} dan katta bo'lishi kerak`,
  exclusiveMaximum: (p) => `${String(p.limit)} dan kichik bo'lishi kerak`,
  multipleOf: (p) => `${String(p.multipleOf)} ga karrali bo'lishi kerak`,
  format: (p) => `${String(p.format)} formatida bo'lishi kerak`,
  pattern: () => 'ruxsat etilmagan belgilar bor',
  enum: (p) => `quyidagilardan biri bo'lishi kerak: ${(p.allowedValues as unknown[] | undefined)?.join(', ')}`,
  const: (p) => `${String(p.allowedValue)} bo'lishi kerak`,
  minItems: (p) => `kamida ${String(p.limit)} ta element bo'lishi kerak`,
  maxItems: (p) => `ko'pi bilan ${String(p.limit)} ta element bo'lishi mumkin`,
  uniqueItems: () => 'bir xil elementlar takrorlanmasligi kerak',
  contains: () => "kerakli element yo'q",
  minContains: (p) => `kerakli elementdan kamida ${String(p.limit)} ta bo'lishi kerak`,
  maxContains: (p) => `kerakli elementdan ko'pi bilan ${String(p.limit)} ta bo'lishi mumkin`,
  additionalItems: (p) => `ko'pi bilan ${String(p.limit)} ta element bo'lishi mumkin`,
  unevaluatedItems: (p) => `ko'pi bilan ${String(p.len)} ta element bo'lishi mumkin`,
  minProperties: () => 'kamida bitta maydon yuborilishi kerak',
  maxProperties: (p) => `ko'pi bilan ${String(p.limit)} ta maydon yuborilishi mumkin`,
  unevaluatedProperties: (p) => `"${String(p.unevaluatedProperty)}" maydoni qabul qilinmaydi`,
  propertyNames: (p) => `"${String(p.propertyName)}" nomli maydon qabul qilinmaydi`,
  dependencies: (p) => `"${String(p.property)}" bilan birga "${String(p.missingProperty)}" ham yuborilishi kerak`,
  dependentRequired: (p) => `"${String(p.property)}" bilan birga "${String(p.missingProperty)}" ham yuborilishi kerak`,
  anyOf: () => "ruxsat etilgan ko'rinishlardan biriga mos kelmaydi",
  oneOf: () => "ruxsat etilgan ko'rinishlardan faqat biriga mos kelishi kerak",
  not: () => 'ruxsat etilmagan qiymat',
  if: () => 'shartga mos kelmaydi',
  false: () => 'qabul qilinmaydi',
  discriminator: () => "ko'rinishi noto'g'ri",
  // Ours.
  noControlCharacters: () => "boshqaruv belgilari bo'lmasligi kerak",
  notBlank: () => "bo'sh bo'lmasligi kerak",
  uzPhone: () =>
    "9 ta raqamdan iborat O'zbekiston raqami bo'lishi kerak (oldida +998 bo'lishi mumkin), masalan 90 123 45 67 yoki +998 90 123 45 67",
  maxDecimals: (p) => `kasr qismida ko'pi bilan ${String(p.limit)} ta raqam bo'lishi mumkin`,
};

/** How the message names the whole body, query or path when no single field is at fault. */
export const CONTEXT_NAMES: Readonly<Record<string, string>> = {
  body: "so'rov tanasi",
  querystring: "so'rov parametrlari",
  params: 'manzil parametrlari',
  headers: "so'rov sarlavhalari",
};
