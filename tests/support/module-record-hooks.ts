import { appendFileSync } from 'node:fs';

/** The resolve hook module-record.ts registers (it runs on Node's hooks thread). */

let file = '';

export function initialize(data: { file: string }): void {
  file = data.file;
}

type Resolved = { url: string };

export async function resolve(
  specifier: string,
  context: unknown,
  nextResolve: (specifier: string, context: unknown) => Promise<Resolved>,
): Promise<Resolved> {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.startsWith('file:')) appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
