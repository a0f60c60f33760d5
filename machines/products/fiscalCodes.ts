/**
 * The public read has no fiscal codes: the admin's edit form takes each product's IKPU and package code from the
 * manager's read of the same category, matched by id (a product it does not list is left as it is).
 */
export function withFiscalCodesFrom<T extends { _id: string }>(
  items: readonly T[],
  managed: ReadonlyArray<{ _id: string; ikpu?: string | null; package_code?: string | null }>,
): T[] {
  const byId = new Map(managed.map((item) => [item._id, item]));
  return items.map((item) => {
    const found = byId.get(item._id);
    if (!found || !('ikpu' in found)) return item;
    return { ...item, ikpu: found.ikpu ?? null, package_code: found.package_code ?? null };
  });
}
