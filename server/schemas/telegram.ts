import { Type } from 'typebox';
import { Id, MultiLineText, Text } from './common';

/** Issue 15's calls: Telegram's webhook and the panel's test message. */

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

export const WebhookParams = Type.Object({ id: Id });
export const WebhookAnswer = Type.Object({ ok: Type.Literal(true) });
