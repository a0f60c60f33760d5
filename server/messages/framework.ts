import { requestMessages } from './requests';

/**
 * The Uzbek sentences that replace the English texts of Fastify and its plugins. Users only ever read Uzbek: an error
 * the tables below do not know gets its status's generic sentence, never the library's own words.
 */

/** Errors Fastify and its plugins raise for a client's mistake, by their `code`. */
export const frameworkMessages: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "So'rov tanasi yaroqli JSON emas.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "So'rov tanasi bo'sh: JSON yuboring (yoki Content-Type sarlavhasini yubormang).",
  FST_ERR_CTP_BODY_TOO_LARGE: "So'rov hajmi juda katta.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "So'rov tanasining turi (Content-Type) qo'llab-quvvatlanmaydi: JSON yuboring.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "So'rov tanasining hajmi Content-Length sarlavhasiga mos emas.",
  FST_ERR_BAD_URL: "So'rov manzili noto'g'ri.",
  FST_ERR_MAX_PARAM_LENGTH: "So'rov manzili juda uzun.",
  FST_ERR_NOT_FOUND: requestMessages.notFound,
  // @fastify/compress, for a compressed request body.
  FST_CP_ERR_INVALID_CONTENT_ENCODING: "So'rov tanasining siqilish usuli (Content-Encoding) qo'llab-quvvatlanmaydi.",
  FST_CP_ERR_INVALID_CONTENT: "So'rov tanasini Content-Encoding sarlavhasidagi usul bilan ochib bo'lmadi.",
};

/** Any other client error, by its status. */
export const statusMessages: Readonly<Record<number, string>> = {
  400: "So'rov noto'g'ri.",
  401: requestMessages.tokenRequired,
  403: requestMessages.noPermission,
  404: requestMessages.notFound,
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

export function statusMessage(status: number): string {
  return statusMessages[status] ?? requestMessages.requestFailed;
}
