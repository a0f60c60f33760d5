/**
 * What any request may be answered, whatever its area: the generic refusals, and a field's fault in the body, query or
 * path, always naming the field as `"<field>" maydoni …` (the panel turns the name into the field's label).
 */

/** "12 daqiqadan" / "40 soniyadan": how long to wait, as every 429 says it (minutes rounded up, seconds under one). */
export function waitWords(seconds: number): string {
  return seconds < 60 ? `${seconds} soniyadan` : `${Math.ceil(seconds / 60)} daqiqadan`;
}

export const requestMessages = {
  /** Spec section 8: no token, or one this server did not sign. */
  tokenRequired: 'Token topilmadi! Iltimos, qayta tizimga kiring.',
  sessionInvalid: 'Sessiya muddati tugagan yoki token yaroqsiz. Iltimos, qayta tizimga kiring.',
  noPermission: "Bu amalni bajarish uchun ruxsat yo'q.",
  notFound: 'Topilmadi.',
  routeNotFound: (method: string, path: string) => `${method} ${path} manzili topilmadi.`,
  fileNotFound: 'Fayl topilmadi.',
  panelNotBuilt: "Boshqaruv paneli hali yig'ilmagan: `npm run build` buyrug'ini bajaring (npm start buni o'zi qiladi).",
  serverError: "Serverda kutilmagan xatolik yuz berdi. Iltimos, keyinroq qayta urinib ko'ring.",
  requestFailed: "So'rovni bajarib bo'lmadi.",
  serverBusy: "Server hozir band. Iltimos, bir necha soniyadan so'ng qayta urinib ko'ring.",
  tooManyAttempts: (seconds: number) => `Juda ko'p urinish. Iltimos, ${waitWords(seconds)} so'ng qayta urinib ko'ring.`,
  /** A unique index refused the write, and no use case named the value first. */
  valueTaken: 'Bunday qiymat allaqachon mavjud.',
  /** A foreign key refused the write or delete, and no use case said why first. */
  linkedDataBlocks: "Bog'langan ma'lumotlar sababli amalni bajarib bo'lmaydi.",
  fieldRequired: (field: string) => `"${field}" maydoni majburiy.`,
  fieldNotAccepted: (field: string) => `"${field}" maydoni qabul qilinmaydi.`,
  /** `reason` completes the sentence: a validation keyword's (validation.ts) or a rule's own. */
  fieldInvalid: (field: string, reason: string) => `"${field}" maydoni noto'g'ri: ${reason}.`,
  fieldMalformed: (field: string) => `"${field}" maydoni noto'g'ri.`,
  fieldSentTwice: (field: string) => `"${field}" maydoni bir marta yuborilishi kerak.`,
  fieldNotUuid: (field: string) => `"${field}" maydoni noto'g'ri: uuid formatida bo'lishi kerak.`,
  fieldNotOneOf: (field: string, allowed: readonly string[]) =>
    `"${field}" maydoni noto'g'ri: quyidagilardan biri bo'lishi kerak: ${allowed.join(', ')}.`,
  fieldBlank: (field: string) => `"${field}" maydoni noto'g'ri: bo'sh bo'lmasligi kerak.`,
  adminOnlyField: (field: string) => `"${field}" maydonini faqat administrator o'zgartira oladi.`,
};
