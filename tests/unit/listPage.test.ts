import { describe, expect, it } from 'vitest';
import { listQuery } from '../../client/listPage';
import { pageParams, pageToShow, shownRange } from '../../machines/shared/listQuery';

/** What the admin lists ask the server for, and what they show of its answer. */

describe('the list call’s query string', () => {
  it('numbers and booleans as the server’s patterns; a blank search and "all" are left out', () => {
    expect(listQuery({ page: 3, limit: 10, q: '  rayhon ', is_active: false })).toEqual({
      page: '3',
      limit: '10',
      q: 'rayhon',
      is_active: 'false',
    });
    expect(listQuery({ page: 1, limit: 10, q: '   ' })).toEqual({ page: '1', limit: '10' });
    expect(pageParams({ page: 2, query: 'x', status: 'active' })).toEqual({
      page: 2,
      limit: 10,
      q: 'x',
      is_active: true,
    });
    expect(pageParams({ page: 1, query: '', status: 'all' })).toEqual({ page: 1, limit: 10, q: '' });
  });
});

describe('what a page shows', () => {
  it('"N–M / jami T": the rows of the page among all that match', () => {
    expect(shownRange(1, 10, 23)).toEqual({ first: 1, last: 10, total: 23 });
    expect(shownRange(3, 3, 23)).toEqual({ first: 21, last: 23, total: 23 });
    expect(shownRange(1, 0, 0)).toEqual({ first: 0, last: 0, total: 0 });
  });

  it('a page emptied by a delete falls back to the last page there is; an answer with rows stands', () => {
    expect(pageToShow(3, { total: 20, rows: 0 })).toBe(2);
    expect(pageToShow(3, { total: 21, rows: 1 })).toBeNull();
    expect(pageToShow(1, { total: 0, rows: 0 })).toBeNull();
    expect(pageToShow(2, { total: 0, rows: 0 })).toBe(1);
  });
});
