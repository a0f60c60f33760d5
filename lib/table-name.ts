/**
 * How a table is called where its name stands alone (panel titles, the printed card): a bare number "5" is "Stol 5",
 * any other name ("Terrasa 1", "VIP", "Ayvon-2") is shown as the restaurant wrote it, so no "Stol Terrasa 1".
 */
export const isTableNumber = (name: string): boolean => /^\d+$/.test(name.trim());

export const tableTitle = (name: string, word = 'Stol'): string =>
  isTableNumber(name) ? `${word} ${name.trim()}` : name.trim();
