import { describe, expect, it } from 'vitest';
import { latinToCyrillicPattern } from '../../lib/search';

/** The admin search's Latin → Cyrillic pattern, checked the way PostgreSQL's ~* uses it. */
const finds = (query: string, name: string) => new RegExp(latinToCyrillicPattern(query)!, 'i').test(name);

describe('latinToCyrillicPattern', () => {
  it('is undefined for a query without Latin letters or with Cyrillic ones (searched as typed or the other way)', () => {
    expect(latinToCyrillicPattern('+998 90')).toBeUndefined();
    expect(latinToCyrillicPattern('райхон')).toBeUndefined();
    expect(latinToCyrillicPattern('Rayhon кафе')).toBeUndefined();
  });

  it.each([
    ['shurpa', 'Шурпа уйи'],
    ['rayhon', 'Райҳон'],
    ['Rayhon', 'райхон'],
    ["sho'rva", 'Шўрва'],
    ['sho‘rva', 'Шўрва'],
    ['shorva', 'Шўрва'],
    ['shurva', 'Шўрва'],
    ["g'ijduvon", 'Ғиждувон'],
    ['gijduvon', 'Ғиждувон'],
    ['qovoq', 'Қовоқ'],
    ['kovok', 'Қовоқ'],
    ['chayxona', 'Чайхона'],
    ['chayhana', 'Чайхана Навруз'],
    ["ma'no", 'маъно'],
    ["yo'l", 'йўл'],
    ['mayonez', 'Майонез'],
    ['yer', 'Ер'],
    ['evos', 'Эвос'],
    ['sezar', 'Цезарь'],
    ['pitsa', 'Пицца'],
    ['yulduz', 'Юлдуз'],
  ])('%s finds %s', (query, name) => {
    expect(finds(query, name)).toBe(true);
  });

  it.each([
    ['shurpa', 'Шашлик'],
    ['rayhon', 'Баҳор'],
    ['shurpa', 'Shurpa'],
  ])('%s does not find %s', (query, name) => {
    expect(finds(query, name)).toBe(false);
  });

  it('escapes what a regular expression would read as an operator', () => {
    expect(finds('kafe (1)', 'Кафе (1)')).toBe(true);
    expect(finds('kafe (1)', 'Кафе 1')).toBe(false);
    expect(finds('a.b', 'аxб')).toBe(false);
  });
});
