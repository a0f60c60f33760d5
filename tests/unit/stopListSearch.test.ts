import { describe, expect, it } from 'vitest';
import { keyMatches, searchKey } from '../../machines/stopList/search';

const finds = (name: string, query: string) => keyMatches(searchKey(name), searchKey(query));

describe('stop-list search (spec 2.11)', () => {
  it('compares lower case, single-spaced, trimmed keys: words never run together', () => {
    expect(searchKey('  Qiyma   KABOB ')).toBe('qiyma kabob');
    expect(finds('Qiyma kabob', 'makab')).toBe(false);
    expect(finds('Qiyma kabob', 'ma  kab')).toBe(true);
    expect(finds('Qiyma kabob', '')).toBe(true);
  });

  it('is case-insensitive', () => {
    expect(finds('Qiyma kabob', 'KABOB')).toBe(true);
    expect(finds('Qiyma kabob', 'qIyMa')).toBe(true);
  });

  it.each([
    ["o'", "Sho'rva"],
    ['o‘', 'Sho‘rva'],
    ['oʻ', 'Shoʻrva'],
    ['o’', 'Sho’rva'],
    ['ʼ', 'Shoʼrva'],
    ['none', 'Shorva'],
  ])('ignores the apostrophe variant %s', (_variant, query) => {
    for (const name of ["Sho'rva", 'Sho‘rva', 'Shoʻrva', 'Shorva']) expect(finds(name, query)).toBe(true);
  });

  it.each([
    ["g'", "Lag'mon"],
    ['g‘', 'Lag‘mon'],
    ['gʻ', 'Lagʻmon'],
  ])('ignores g%s', (_variant, query) => {
    expect(finds('Lag‘mon', query)).toBe(true);
    expect(finds("LAG'MON", query)).toBe(true);
  });

  it('an empty or blank query matches everything; spaces are trimmed and collapsed', () => {
    expect(finds('Manti', '')).toBe(true);
    expect(finds('Manti', '   ')).toBe(true);
    expect(finds('Jigar kabob', '  jigar   kabob ')).toBe(true);
  });

  it('does not match what is not there', () => {
    expect(finds('Manti', 'mastava')).toBe(false);
    expect(finds("Ko'k choy", 'kok choyi')).toBe(false);
  });

  it.each(['шурва', 'шўрва', 'ШЎРВА', 'shurva', "sho'rva"])('finds Sho‘rva across the scripts with %s', (query) => {
    expect(finds('Sho‘rva', query)).toBe(true);
    expect(finds('Шўрва', query)).toBe(true);
  });

  it('finds a Cyrillic name from a Latin query and keeps the other names out', () => {
    expect(finds('Қовоқ сомса', 'qovoq')).toBe(true);
    expect(finds('Qovoq somsa', 'ковок')).toBe(true);
    expect(finds('Ғиждувон шашлиги', "g'ijduvon")).toBe(true);
    expect(finds('Mastava', 'шурва')).toBe(false);
    expect(finds('Шўрва', 'mastava')).toBe(false);
  });

  it('treats the query as text, not as a pattern', () => {
    expect(finds('Manti', '.*')).toBe(false);
    expect(finds('Osh (to‘y oshi)', '(to')).toBe(true);
  });
});
