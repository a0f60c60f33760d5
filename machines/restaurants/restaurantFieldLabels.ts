import { uz } from '../../lib/uz';
import { uzOrdering } from '../../lib/uz-ordering';

/** The restaurant fields as both restaurant forms name them to a user (the server's messages name the API keys). */
export const restaurantFieldLabels = {
  name: uz.fieldName,
  slug: uz.fieldSlug,
  address: uz.fieldAddress,
  phone_number: uz.fieldPhone,
  work_time: uz.fieldWorkTime,
  manager_id: uz.fieldManager,
  is_active: uz.fieldStatus,
  bot_token: uz.fieldBotToken,
  channel_id: uz.fieldChannelId,
  hide_stopped: uz.fieldHideStopped,
  ordering_enabled: uzOrdering.fieldOrderingEnabled,
  pos_terminal_group_id: uz.fieldTerminalGroup,
} as const;
