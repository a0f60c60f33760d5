/**
 * The menu's languages: Uzbek in Latin (the spec's fields, always there) and in Cyrillic, Russian, English. Here in
 * lib/ because the server's schemas, the panel and the diner's browser code all name them.
 */
export const LANGUAGES = ['uz', 'uz-Cyrl', 'ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
