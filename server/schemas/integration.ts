import { Type } from 'typebox';
import { Id, Text, Timestamp } from './common';
import { ManagedRestaurant, Nullable } from './restaurants';

/** Spec section 3: an integration restaurant is the POS's organization id and its name. */
export const IntegrationRestaurant = Type.Object(
  {
    id: Type.String({ description: "The POS's organization id (iiko: organization UUID)" }),
    name: Type.String(),
  },
  { description: 'A restaurant (organization) of the integration source' },
);
export const IntegrationRestaurantsAnswer = Type.Object({ data: Type.Array(IntegrationRestaurant) });

/**
 * Both fields are checked by the handler, not by the schema, so a missing one answers the spec's own sentence
 * 'Iltimos, restoran va menedjer tanlang!' instead of a field-by-field validation message.
 */
export const CreateIntegrationRestaurantBody = Type.Object(
  {
    id: Type.Optional(Text({ maxLength: 200, description: "The POS's organization id (from the list call)" })),
    manager_id: Type.Optional(Text({ maxLength: 100, description: 'The manager (user _id) of the new restaurant' })),
  },
  { additionalProperties: false },
);

export const SyncCounts = Type.Object(
  {
    created: Type.Integer({ description: 'Categories, products, options and rows created' }),
    updated: Type.Integer({ description: 'Items whose POS-owned fields changed, or that the POS made active again' }),
    deactivated: Type.Integer({
      description: 'Categories and products made inactive (stop-list, removed from the POS); options and rows removed',
    }),
  },
  { description: 'What one sync changed; all zero when the POS had nothing new' },
);

export const SyncRun = Type.Object(
  {
    _id: Id,
    restaurant_id: Id,
    started_at: Timestamp,
    finished_at: Nullable(Timestamp),
    result: Type.Enum(['running', 'ok', 'error']),
    created: Type.Integer(),
    updated: Type.Integer(),
    deactivated: Type.Integer(),
    error: Nullable(Type.String({ description: 'Why it failed (for the restaurant view)' })),
  },
  { description: 'One recorded sync of a restaurant' },
);

export const CreateIntegrationRestaurantAnswer = Type.Object({ data: ManagedRestaurant, sync: SyncCounts });
export const SyncAnswer = Type.Object({ data: SyncCounts, run: SyncRun });
export const LastSyncAnswer = Type.Object({ data: Nullable(SyncRun) });
export const RestaurantIdParams = Type.Object({ id: Id }, { additionalProperties: false });
