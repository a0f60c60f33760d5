import { Type } from 'typebox';
import { Text } from './common';

const Day = Type.String({ description: "A day in the restaurant's time zone, YYYY-MM-DD", examples: ['2026-12-01'] });
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Som = (description: string) => Type.Integer({ minimum: 0, description: `${description}, in whole so'm` });
const Seconds = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: `${description}; null when none` });

export const InsightsQuery = Type.Object({
  from: Text({ description: 'First day of the period (YYYY-MM-DD), included' }),
  to: Text({ description: 'Last day of the period (YYYY-MM-DD), included; at most 366 days after `from`' }),
});

export const InsightsReport = Type.Object({
  menu_opens: Count('Menu pages opened (a table’s or the restaurant’s link, any language)'),
  orders: Count('Orders placed and not cancelled'),
  items: Count('Pieces ordered in them'),
  revenue: Som('Their totals with the service charge'),
  average_check: Som('Revenue per order, rounded'),
  tips: Som('Tips of the bills paid from the phone (Payme, Click) or taken with cash through the panel'),
  median_accept_seconds: Seconds('Median time from an order to its acceptance by the staff'),
  median_serve_seconds: Seconds('Median time from an order to its serving'),
  median_call_seconds: Seconds('Median time from a call to its answer'),
  slowest_call_seconds: Seconds('The longest a call waited for its answer'),
  unavailable_refusals: Count('Dishes refused in orders because they could not be ordered (stop-list, hours)'),
  by_day: Type.Array(
    Type.Object({ date: Day, menu_opens: Count('Menu opens'), orders: Count('Orders'), revenue: Som('Revenue') }),
    { description: 'Every day of the period, in order' },
  ),
  by_hour: Type.Array(
    Type.Object({
      hour: Type.Integer({ minimum: 0, maximum: 23, description: "Hour of the day in the restaurant's time zone" }),
      menu_opens: Count('Menu opens'),
      orders: Count('Orders'),
    }),
    { description: 'The 24 hours of the day, the period summed' },
  ),
  dishes: Type.Array(
    Type.Object({
      product_id: Type.String(),
      name: Type.String({ description: 'Its name now, or as its last order named it when deleted' }),
      orders: Count('Orders it was in'),
      quantity: Count('Pieces'),
      revenue: Som('Its lines’ totals'),
      views: Count('Its detail opened on the menu'),
      unavailable: Count('Refused in orders as not available'),
    }),
    { description: 'Every dish ordered, looked at or refused in the period, most ordered first' },
  ),
  categories: Type.Array(
    Type.Object({
      category_id: Type.String(),
      name: Type.String(),
      orders: Count('Orders of its dishes (an order with two of its dishes counts twice)'),
      quantity: Count('Pieces'),
      revenue: Som('Its dishes’ lines’ totals'),
    }),
    { description: 'The ordered dishes summed per the category each is in now, by revenue' },
  ),
  tables: Type.Array(
    Type.Object({
      table_id: Type.String({ description: "'' for the orders of tables deleted since" }),
      name: Type.String(),
      orders: Count('Orders'),
      revenue: Som('Revenue'),
      menu_opens: Count('Menu opens through its QR code'),
    }),
    { description: 'Every table that ordered or opened the menu, by revenue' },
  ),
  empty_searches: Type.Array(Type.Object({ text: Type.String(), count: Count('Times searched') }), {
    description: 'Searches on the menu that found nothing, most frequent first (at most 20)',
  }),
});

export const InsightsAnswer = Type.Object({ data: InsightsReport });
