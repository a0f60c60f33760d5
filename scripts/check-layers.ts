import { join } from 'node:path';
import { readImports } from './layers/imports';
import { LAYERED_FOLDERS, layerViolations } from './layers/rules';

/** `npm run lint`'s second half: fails, naming each file, when an import points against the layers (scripts/layers/rules.ts). */
const root = join(import.meta.dirname, '..');
const violations = layerViolations(readImports(root, LAYERED_FOLDERS));
for (const violation of violations) console.error(violation);
if (violations.length > 0) {
  console.error(
    `\n${violations.length} import(s) against the layers: src → machines → client → server/schemas (types), lib/ under all.`,
  );
  process.exit(1);
}
console.log('Layers: every import points one way.');
