/**
 * The words printed on a kitchen ticket (escpos.ts), on paper for the cooks. Why a ticket did not print is an answer
 * to the staff, in the catalog (server/messages/kitchen.ts).
 */

export const ticketWords = {
  table: 'Stol',
  time: 'Vaqt',
  comment: 'Izoh',
  reprint: 'QAYTA CHOP ETILDI',
} as const;
