import { Type } from 'typebox';
import { Id } from './common';

/** PUT /manager/restaurants/working: the restaurant the manager now works on. */
export const WorkingRestaurantBody = Type.Object({ restaurant_id: Id }, { additionalProperties: false });

/** Both calls answer the remembered choice (null: none, or no longer the manager's). */
export const WorkingRestaurantAnswer = Type.Object({
  data: Type.Object({ restaurant_id: Type.Union([Id, Type.Null()]) }),
});
