/** A dish's facts (portion, calories, spiciness, tags, allergens): the refusals of values outside their lists. */
export const dishFactMessages = {
  unknownDishTag: (tag: string, allowed: readonly string[]) =>
    `Noma'lum teg: ${tag}. "tags" maydoni faqat quyidagilardan iborat bo'lishi mumkin: ${allowed.join(', ')}.`,
  unknownAllergen: (allergen: string, allowed: readonly string[]) =>
    `Noma'lum allergen: ${allergen}. "allergens" maydoni faqat quyidagilardan iborat bo'lishi mumkin: ${allowed.join(', ')}.`,
};
