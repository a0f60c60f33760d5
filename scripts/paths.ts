import { coverage, describePath, generatePaths } from '../tests/support/paths';
import { pathPlan } from '../tests/ui/models/plan';

/**
 * `npm run paths`: the test plan generated from the XState machines (tests/ui/models/plan.ts). Per machine: its states
 * and transitions, how many of them the generated paths cover, and every path as readable steps. The UI tests
 * (tests/ui/*.paths.test.tsx) walk exactly these paths on the rendered screens against the real server.
 */

const only = process.argv[2];
let totalPaths = 0;
for (const model of pathPlan) {
  // `npm run paths tableList`: a machine's models by its file's name, or one model by its whole name.
  if (only && model.name !== only && model.name.split(' (')[0] !== only) continue;
  const paths = generatePaths(model);
  const cover = coverage(model, paths);
  totalPaths += paths.length;
  console.log(`\n━━ ${model.name} ━━`);
  console.log(`states (${cover.states.covered.length}/${cover.states.all.length} covered):`);
  for (const state of cover.states.all) console.log(`  ${cover.states.covered.includes(state) ? '✓' : '✗'} ${state}`);
  console.log(`transitions (${cover.transitions.covered.length}/${cover.transitions.all.length} covered):`);
  for (const edge of cover.transitions.all) {
    console.log(`  ${cover.transitions.covered.includes(edge) ? '✓' : '✗'} ${edge}`);
  }
  console.log(`paths (${paths.length}):`);
  paths.forEach((path, i) => {
    console.log(`  path ${i + 1}:`);
    for (const line of describePath(model, path)) console.log(`    ${line}`);
  });
}
console.log(`\n${totalPaths} paths in total`);
