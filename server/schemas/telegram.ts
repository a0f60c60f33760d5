import { Type } from 'typebox';
import { MultiLineText, Text } from './common';

/** Telegram's calls: the webhook and the panel's test message. */

const TelegramUser = Type.Object(
  { id: Type.Integer(), first_name: MultiLineText(), username: Type.Optional(Text()) },
  { additionalProperties: true },
);

/** The part of Telegram's `Update` that we read; everything else Telegram sends is allowed and ignored. */
export const TelegramUpdateBody = Type.Object(
  {
    update_id: Type.Integer({ minimum: 0 }),
    callback_query: Type.Optional(
      Type.Object({ id: Text(), from: TelegramUser, data: Type.Optional(Text()) }, { additionalProperties: true }),
    ),
  },
  { additionalProperties: true, description: "Telegram's Update (only callback_query is asked for)" },
);

export const WebhookAnswer = Type.Object({ ok: Type.Literal(true) });

/**
 * The Telegram users a restaurant links to its staff, each a user id (digits) or a @username. Besides the
 * chat's administrators only they may press its messages' buttons.
 */
export const TelegramStaffBody = Type.Object(
  {
    telegram_staff: Type.Array(Text({ minLength: 1, maxLength: 40 }), {
      maxItems: 50,
      description: 'User ids ("123456789") or usernames ("@ali_ofitsiant"); stored as ids and lower-case @usernames',
    }),
  },
  { additionalProperties: false },
);
export const TelegramStaffAnswer = Type.Object({
  data: Type.Object({ telegram_staff: Type.Array(Type.String()) }),
});
