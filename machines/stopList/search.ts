/**
 * Search of the stop-list (spec 2.11): the one search of lib/search.ts, so the panel finds what the public
 * menu finds. Case-insensitive, blind to the apostrophes Uzbek Latin writes o‘ and g‘ with (phones, POS imports and
 * managers' keyboards each use another one), and across the scripts: "шурва", "shurva", "sho'rva" and "shorva" all
 * find "Sho‘rva". The catalog keeps each name's key (catalog.ts), so a keystroke folds only the query.
 */
export { keyMatches, searchKey } from '../../lib/search';
