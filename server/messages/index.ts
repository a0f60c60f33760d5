import { authMessages } from './auth';
import { catalogMessages } from './catalog';
import { dishFactMessages } from './dish-facts';
import { insightMessages } from './insights';
import { integrationMessages } from './integration';
import { kitchenMessages } from './kitchen';
import { managerMessages } from './managers';
import { orderMessages } from './orders';
import { paymentMessages } from './payments';
import { requestMessages } from './requests';
import { scheduleMessages } from './schedule';
import { telegramMessages } from './telegram';
import { uploadMessages } from './uploads';

/**
 * Every sentence the API answers a user with, in Uzbek, keyed by the situation (never by the text): the spec's own
 * texts exactly as it gives them, and ours. Server code names a key; no sentence is written anywhere else
 * (tests/unit/server-messages.test.ts). A sentence with values is a function of them.
 */
export const messageAreas = {
  requests: requestMessages,
  auth: authMessages,
  managers: managerMessages,
  catalog: catalogMessages,
  orders: orderMessages,
  payments: paymentMessages,
  uploads: uploadMessages,
  integration: integrationMessages,
  telegram: telegramMessages,
  kitchen: kitchenMessages,
  dishFacts: dishFactMessages,
  schedule: scheduleMessages,
  insights: insightMessages,
};

export const messages = {
  ...requestMessages,
  ...authMessages,
  ...managerMessages,
  ...catalogMessages,
  ...orderMessages,
  ...paymentMessages,
  ...uploadMessages,
  ...integrationMessages,
  ...telegramMessages,
  ...kitchenMessages,
  ...dishFactMessages,
  ...scheduleMessages,
  ...insightMessages,
};

export { frameworkMessages, statusMessage, statusMessages } from './framework';
export { posFailureReasons, tableOrderFailureReasons } from './integration';
export { contextNames, keywordReasons, validationFallbacks } from './validation';
