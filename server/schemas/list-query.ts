import { Type } from 'typebox';
import { Text } from './common';

/**
 * The admin lists' paging and filters. Query strings arrive as text and the server coerces no types,
 * so numbers and booleans are patterns here and are read in the route; a value outside them is a 400 in Uzbek like
 * every other field.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const Page = Text({
  pattern: '^[1-9][0-9]{0,5}$',
  description: 'Page number, from 1 (default 1). Any paging or filter parameter makes the answer a page with `total`.',
});
export const Limit = Text({
  pattern: '^(100|[1-9][0-9]?)$',
  description: `Rows per page, 1-${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
});
export const IsActiveFilter = Type.Union([Type.Literal('true'), Type.Literal('false')], {
  description: 'Only active (`true`) or only inactive (`false`) rows',
});
export const Search = Text({ maxLength: 100, description: 'Search text, without regard to case' });

/** Page and limit as numbers, defaults applied. */
export function pageOf(query: { page?: string | undefined; limit?: string | undefined }): {
  page: number;
  limit: number;
} {
  return { page: Number(query.page ?? 1), limit: Number(query.limit ?? DEFAULT_PAGE_SIZE) };
}

/** Whether the caller asked for a page: any of the list parameters (without them, the whole list as the spec shows). */
export const asksForPage = (query: object) => Object.values(query).some((value) => value !== undefined);

export const Total = Type.Integer({ description: 'Rows matching the filters (all pages); only in a paged answer' });
export const PageNumber = Type.Integer({ description: 'The page answered; only in a paged answer' });
export const PageSize = Type.Integer({ description: 'Rows per page; only in a paged answer' });
