/**
 * The spec's answer to every delete call (restaurant, category, product, option, row): `{ success: true, message }`.
 * What a delete leaves to do after its commit is the use case's (domain/deletion.ts).
 */
export const deleted = (message: string) => ({ success: true as const, message });
