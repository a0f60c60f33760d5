/**
 * Why a value failed a JSON-schema keyword, completing `"<field>" maydoni noto'g'ri: …` (requestMessages.fieldInvalid).
 * Every keyword ajv knows and ours (server/schemas/keywords.ts) are here; `params` are ajv's error parameters.
 */
export const keywordReasons: Readonly<Record<string, (params: Record<string, unknown>) => string>> = {
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
export const contextNames: Readonly<Record<string, string>> = {
  body: "so'rov tanasi",
  querystring: "so'rov parametrlari",
  params: 'manzil parametrlari',
  headers: "so'rov sarlavhalari",
};

/** What a validation message says when ajv names neither a field nor a context, or a keyword nobody translated. */
export const validationFallbacks = {
  field: "so'rov",
  reason: "noto'g'ri qiymat",
};
