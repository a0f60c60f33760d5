import { join } from 'node:path';
import { importCircles } from './layers/circles';
import { readImports } from './layers/imports';
import { LAYERED_FOLDERS, layerViolations } from './layers/rules';

/**
 * `npm run lint`'s second half: fails, naming each file, when an import points against the layers (scripts/layers/rules.ts)
 * or files import each other in a circle (scripts/layers/circles.ts).
 */
const root = join(import.meta.dirname, '..');
const imports = readImports(root, LAYERED_FOLDERS);
// A tree read empty (a moved folder, a broken reader) would pass every rule: the house has well over a thousand imports.
if (imports.length < 1000) {
  console.error(
    `Layers: only ${imports.length} imports read from ${LAYERED_FOLDERS.join(', ')}: the tree was not read.`,
  );
  process.exit(1);
}
const violations = layerViolations(imports);
for (const violation of violations) console.error(violation);
if (violations.length > 0) {
  console.error(
    `\n${violations.length} import(s) against the layers: src → machines → client → server/schemas (types), web-menu → lib, lib/ under all.`,
  );
  process.exit(1);
}
const circles = importCircles(imports);
for (const circle of circles) console.error(`Import circle: ${circle.join(' → ')} (each reaches the others)`);
if (circles.length > 0) {
  console.error(
    `\n${circles.length} import circle(s): what the files share goes to a module that imports none of them.`,
  );
  process.exit(1);
}
console.log('Layers: every import points one way, and no files import each other in a circle.');
