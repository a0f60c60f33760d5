import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { categoryDialogMachine } from '../../machines/categories/categoryDialog.machine';
import { categoryFormConfig } from '../../machines/categories/categoryForm.rules';
import type { SaveInput } from '../../machines/dialog/dialog.actors';
import type { TypedDialogMachine } from '../../machines/dialog/dialog.machine';
import type { DialogConfig, DialogScope } from '../../machines/dialog/dialog.types';
import { optionDialogMachine, rowDialogMachine } from '../../machines/options/optionDialogs.machine';
import { optionFormConfig } from '../../machines/options/optionForm.rules';
import { flush } from './helpers';

/**
 * What the dialogs decide themselves (no React hook in between): which failed saves they toast (spec 8: options and
 * rows only on HTTP 500), the category modal's own "nothing changed" text (spec 5), and the restaurant a new
 * category belongs to, which reaches the dialog as input (or with dialog.open), never from the screen at save time.
 */

function run(
  machine: TypedDialogMachine<unknown>,
  config: DialogConfig,
  create: (input: SaveInput) => Promise<unknown>,
  scope?: DialogScope,
) {
  const notify = vi.fn();
  const inputs: SaveInput[] = [];
  const logic = machine.provide({
    actors: {
      create: fromPromise<unknown, SaveInput>(({ input }) => {
        inputs.push(input);
        return create(input);
      }),
    },
    actions: { notify: (_, params) => notify(params) },
  });
  const actor = createActor(logic, { input: { config, scope } }).start();
  return { actor, notify, inputs };
}

describe('option and row dialogs: a failed save is toasted only for HTTP 500 (spec 8)', () => {
  it.each([
    ['option', optionDialogMachine, optionFormConfig, { name: 'Hajmi' }],
    ['row', rowDialogMachine, null, { name: 'Katta', price: '5000', product_option_id: 'o1' }],
  ] as const)('%s: 400 stays silent (the form shows why), 500 is toasted', async (_, machine, config, values) => {
    const rowConfig: DialogConfig = config ?? {
      empty: { name: '', price: '', product_option_id: 'o1' },
      fromItem: () => ({}),
      validate: () => ({}),
      messages: { created: 'ok', updated: 'ok', createFailed: 'failed', updateFailed: 'failed' },
    };
    let status = 400;
    const { actor, notify } = run(machine, rowConfig, async () => {
      throw new ApiError(status, 'Xato');
    });
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ open: { flow: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('Xato');
    expect(notify).not.toHaveBeenCalled();
    status = 500;
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: rowConfig.messages.createFailed });
  });
});

describe('category modal', () => {
  it("an unchanged edit says spec 5's 'O‘zgarishlar mavjud emas!' (not the generic text)", async () => {
    const { actor, notify } = run(categoryDialogMachine, categoryFormConfig, async () => ({}));
    actor.send({ type: 'dialog.open', item: { _id: 'c1', title: 'K1', is_active: true } as never });
    await flush();
    actor.send({ type: 'dialog.submit' });
    expect(notify).toHaveBeenCalledWith({ kind: 'info', text: uz.categoryNoChanges });
    expect(uz.categoryNoChanges).not.toBe(uz.noChanges);
  });

  it('a new category goes to the restaurant of its input, or the one dialog.open brought since', async () => {
    const submitTitle = async (actor: ReturnType<typeof run>['actor'], open: { scope?: DialogScope }) => {
      actor.send({ type: 'dialog.open', ...open });
      await flush();
      actor.send({ type: 'dialog.change', values: { title: 'Ichimliklar' } });
      actor.send({ type: 'dialog.submit' });
      await flush();
    };
    const fromInput = run(categoryDialogMachine, categoryFormConfig, async () => ({}), { restaurantId: 'r1' });
    await submitTitle(fromInput.actor, {});
    expect(fromInput.inputs.map((input) => input.scope)).toEqual([{ restaurantId: 'r1' }]);
    const learnt = run(categoryDialogMachine, categoryFormConfig, async () => ({}), { restaurantId: null });
    await submitTitle(learnt.actor, { scope: { restaurantId: 'r2' } });
    expect(learnt.inputs.map((input) => input.scope)).toEqual([{ restaurantId: 'r2' }]);
  });

  it("with no restaurant known the category's own create refuses in the manager's words", async () => {
    const actor = createActor(categoryDialogMachine, {
      input: { config: categoryFormConfig, scope: { restaurantId: null } },
    }).start();
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values: { title: 'Ichimliklar' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ open: { flow: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe(uzCatalog.noRestaurantOfManager);
  });
});
