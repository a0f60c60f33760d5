import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, StateMachine } from 'xstate';
import { sourceFiles } from '../../scripts/layers/imports';
import { pathPlan } from '../ui/models/plan';

/**
 * `npm run paths` reports every machine under its own file's name: a model is named `<file>` or `<file> (<variant>)`
 * after the machines/…/<file>.machine.ts whose machine it walks. A machine file without a model of its own is one of
 * the exceptions below, each with why.
 */

const root = join(import.meta.dirname, '../..');
const machineFiles = sourceFiles(root, ['machines']).filter((file) => file.endsWith('.machine.ts'));
const fileName = (file: string) => basename(file, '.machine.ts');
const planName = (model: { name: string }) => model.name.split(' (')[0];

/**
 * The same states as a machine of the plan, with other calls provided (`machine.provide`, which keeps the machine's
 * config): the plan's model walks their states and transitions; their calls are their screens' journeys.
 */
const WALKED_AS: Record<string, string> = {
  dialog: 'categoryDialog',
  adminCategoryList: 'categoryList',
  changePassword: 'categoryDialog',
  integrationDialog: 'categoryDialog',
  managerDialog: 'categoryDialog',
  optionDialogs: 'categoryDialog',
  productDialog: 'categoryDialog',
  tableDialog: 'categoryDialog',
  updateRestaurant: 'categoryDialog',
};

/** Machines no screen walks as a plan of their own. */
const NOT_WALKED: Record<string, string> = {
  confirmDelete:
    'the delete question, a child of every list that deletes: its outcome is a step of their paths ' +
    '(xstate.done.actor.confirmDelete, tests/ui/models/confirmDelete.model.ts)',
  ordersTab:
    'the orders tab’s count in the shell: no UI paths test walks it (tests/ui/orders.paths.test.tsx holds its calls ' +
    'still); its flows are tests/machines/orders.machine.test.ts',
};

const machinesOf = async (file: string): Promise<AnyStateMachine[]> =>
  Object.values(await import(join(root, file))).filter((value) => value instanceof StateMachine);

describe('the paths plan (npm run paths)', () => {
  it('reads the machine files', () => {
    expect(machineFiles.length).toBeGreaterThan(25);
    expect(machineFiles).toContain('machines/tables/tableList.machine.ts');
  });

  it('names every model after the file of the machine it walks', async () => {
    for (const model of pathPlan) {
      const file = machineFiles.find((f) => fileName(f) === planName(model));
      expect(file, `${model.name}: no machines/**/${planName(model)}.machine.ts`).toBeDefined();
      expect(await machinesOf(file!), `${model.name} walks a machine of ${file}`).toContain(model.machine);
    }
    expect(new Set(pathPlan.map((model) => model.name)).size).toBe(pathPlan.length);
  });

  it('reports every machine file, or names why not', () => {
    const reported = new Set(pathPlan.map(planName));
    const missing = machineFiles
      .map(fileName)
      .filter((name) => !reported.has(name) && !(name in WALKED_AS) && !(name in NOT_WALKED));
    expect(missing).toEqual([]);
    // An exception that has a model, or no file, any more is stale.
    for (const name of [...Object.keys(WALKED_AS), ...Object.keys(NOT_WALKED)]) {
      expect(reported.has(name), `${name} has a model: no exception`).toBe(false);
      expect(machineFiles.map(fileName), `${name} is a machine file`).toContain(name);
    }
  });

  it('walks the machines of the named exceptions as the model they name: the same states, other calls', async () => {
    for (const [name, walkedAs] of Object.entries(WALKED_AS)) {
      const model = pathPlan.find((m) => m.name === walkedAs || planName(m) === walkedAs);
      const file = machineFiles.find((f) => fileName(f) === name)!;
      const machines = await machinesOf(file);
      expect(machines.length, file).toBeGreaterThan(0);
      for (const machine of machines)
        expect(machine.config, `${file} is walked as ${walkedAs}`).toBe(model!.machine.config);
    }
  });
});
