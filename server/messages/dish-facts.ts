/** A dish's facts (portion, calories, spiciness, tags, allergens): the refusals of values outside their lists. */
export const dishFactMessages = {};
