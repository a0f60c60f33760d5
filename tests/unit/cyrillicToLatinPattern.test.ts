import { describe, expect, it } from 'vitest';
import { cyrillicToLatinPattern } from '../../lib/search';

/** The admin search's Cyrillic → Latin pattern, checked the way PostgreSQL's ~* uses it. */
const finds = (query: string, name: string) => new RegExp(cyrillicToLatinPattern(query)!, 'i').test(name);

describe('cyrillicToLatinPattern', () => {
  it('is undefined for a query without Cyrillic (it is searched as typed)', () => {
    expect(cyrillicToLatinPattern('rayhon')).toBeUndefined();
    expect(cyrillicToLatinPattern('+998 90')).toBeUndefined();
  });

  it.each([
    ['Райҳон', 'Rayhon'],
    ['райхон', 'Rayhon'],
    ['ғиждувон', "G'ijduvon"],
    ['гиждувон', 'G‘ijduvon'],
    ['шўрва', "Sho'rva"],
    ['шурва', 'Shoʻrva'],
    ['шўрва', 'Shorva'],
    ['ковок', 'Qovoq'],
    ['маъно', "ma'no"],
    ['мевали', 'Mevali'],
    ['ер', 'Yer'],
    ['цезарь', 'Sezar'],
    ['пицца', 'Pitsa'],
  ])('%s finds %s', (query, name) => {
    expect(finds(query, name)).toBe(true);
  });

  it.each([
    ['райхон', 'Bahor'],
    ['шурва', 'Shirva'],
  ])('%s does not find %s', (query, name) => {
    expect(finds(query, name)).toBe(false);
  });

  it('escapes what a regular expression would read as an operator', () => {
    expect(finds('кафе (1)', 'Kafe (1)')).toBe(true);
    expect(finds('кафе (1)', 'Kafe 1')).toBe(false);
    expect(finds('а.б', 'axb')).toBe(false);
  });
});
