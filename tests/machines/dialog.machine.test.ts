import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { categoryDialogMachine } from '../../machines/categories/categoryDialog.machine';
import { categoryFormConfig } from '../../machines/categories/categoryForm.rules';
import { dialogMachine } from '../../machines/dialog/dialog.machine';
import { selectErrors, selectFailure, selectMode } from '../../machines/dialog/dialog.selectors';
import type { DialogConfig, DialogItem } from '../../machines/dialog/dialog.types';
import { integrationFormConfig } from '../../machines/integration/integrationDialog.rules';
import { managerFormConfig } from '../../machines/managers/managerForm.rules';
import { restaurantFormConfig } from '../../machines/restaurants/restaurantForm.rules';
import { flush, pending, rejecting, resolving } from './helpers';

const restaurant = {
  _id: 'r1',
  name: 'Rayhon',
  slug: 'rayhon',
  address: 'Toshkent',
  phone_number: '+998 71 200 10 10',
  work_time: '09:00 - 23:00',
  manager_id: 'm1',
  is_active: true,
  bot_token: null,
  channel_id: null,
};
const valid = {
  name: 'Bahor',
  slug: 'bahor',
  address: 'Samarqand',
  phone_number: '+998 66 111 22 33',
  work_time: '10:00 - 22:00',
  manager_id: 'm1',
};

function start(config: DialogConfig, actors: Record<string, unknown> = {}) {
  const notify = vi.fn();
  const saved = vi.fn();
  const machine = dialogMachine.provide({
    actors: actors as never,
    actions: { notify: (_, params) => notify(params), saved: (_, params) => saved(params) },
  });
  const actor = createActor(machine, { input: { config } }).start();
  return { actor, notify, saved };
}

describe('dialog machine: create or edit from whether an item is selected (spec 4)', () => {
  it('opens in create mode without an item, with the empty form (active by default)', async () => {
    const { actor } = start(restaurantFormConfig);
    actor.send({ type: 'dialog.open' });
    await flush();
    expect(selectMode(actor.getSnapshot())).toBe('create');
    expect(actor.getSnapshot().context.values.is_active).toBe(true);
    expect(actor.getSnapshot().context.values.name).toBe('');
  });

  it("opens in edit mode with the item's values", async () => {
    const { actor } = start(restaurantFormConfig);
    actor.send({ type: 'dialog.open', item: restaurant });
    await flush();
    expect(selectMode(actor.getSnapshot())).toBe('edit');
    expect(actor.getSnapshot().context.values.slug).toBe('rayhon');
  });
});

describe('dialog machine: validation (spec 5)', () => {
  it('names every missing required field of the restaurant form and calls nothing', async () => {
    const create = resolving({});
    const { actor } = start(restaurantFormConfig, { create: create.logic });
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.submit' });
    expect(Object.keys(selectErrors(actor.getSnapshot())).sort()).toEqual(
      ['address', 'manager_id', 'name', 'phone_number', 'slug', 'work_time'].sort(),
    );
    expect(create.probe.inputs).toHaveLength(0);
    // Changing a field clears its message.
    actor.send({ type: 'dialog.change', values: { name: 'X' } });
    expect(selectErrors(actor.getSnapshot()).name).toBeUndefined();
  });

  it('refuses a slug that is not URL-safe', async () => {
    const { actor } = start(restaurantFormConfig, { create: resolving({}).logic });
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values: { ...valid, slug: 'Bahor Kafe' } });
    actor.send({ type: 'dialog.submit' });
    expect(selectErrors(actor.getSnapshot()).slug).toMatch(/lotin/);
  });

  it("integration create needs both choices: 'Iltimos, restoran va menedjer tanlang!'", async () => {
    const create = resolving({});
    const { actor } = start(integrationFormConfig, { create: create.logic });
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values: { id: 'org-1' } });
    actor.send({ type: 'dialog.submit' });
    expect(selectErrors(actor.getSnapshot()).form).toBe('Iltimos, restoran va menedjer tanlang!');
    expect(create.probe.inputs).toHaveLength(0);
  });

  it('a manager needs a password on create, not on edit', async () => {
    const { actor } = start(managerFormConfig, { update: resolving({}).logic });
    actor.send({ type: 'dialog.open', item: { _id: 'm1', login: 'rayhon', is_active: true } as DialogItem });
    await flush();
    actor.send({ type: 'dialog.change', values: { password: 'short' } });
    actor.send({ type: 'dialog.submit' });
    expect(selectErrors(actor.getSnapshot()).password).toMatch(/8/);
  });
});

describe('dialog machine: saving', () => {
  it("with nothing changed says 'Hech qanday o'zgarish yo'q.' and makes no call", async () => {
    const update = resolving({});
    const { actor, notify } = start(restaurantFormConfig, { update: update.logic });
    actor.send({ type: 'dialog.open', item: restaurant });
    await flush();
    actor.send({ type: 'dialog.change', values: { name: 'Rayhon  ' } });
    actor.send({ type: 'dialog.submit' });
    expect(notify).toHaveBeenCalledWith({ kind: 'info', text: "Hech qanday o'zgarish yo'q." });
    expect(update.probe.inputs).toHaveLength(0);
    expect(actor.getSnapshot().matches('open')).toBe(true);
  });

  it('sends only the changed fields, then closes with a success toast and reports the output', async () => {
    const update = resolving({ _id: 'r1', name: 'Rayhon 2' });
    const { actor, notify, saved } = start(restaurantFormConfig, { update: update.logic });
    actor.send({ type: 'dialog.open', item: restaurant });
    await flush();
    actor.send({ type: 'dialog.change', values: { work_time: ' 08:00 - 23:00 ' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(update.probe.inputs).toEqual([{ item: restaurant, values: { work_time: '08:00 - 23:00' }, scope: {} }]);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Restoran tahrirlandi' });
    expect(saved).toHaveBeenCalledWith({ output: { _id: 'r1', name: 'Rayhon 2' } });
  });

  it("a failed create keeps the form, shows the spec's text and the server's reason", async () => {
    const { actor, notify } = start(restaurantFormConfig, {
      create: rejecting(409, 'Bunday slug allaqachon mavjud.').logic,
    });
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values: valid });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ open: { flow: 'failed' } })).toBe(true);
    expect(selectFailure(actor.getSnapshot())).toBe('Bunday slug allaqachon mavjud.');
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: "Restoran qo'shishda xatolik yuz berdi!" });
    expect(actor.getSnapshot().context.values.slug).toBe('bahor');
  });

  it('cannot be submitted twice or closed while saving', async () => {
    const create = pending();
    const { actor } = start(restaurantFormConfig, { create: create.logic });
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values: valid });
    actor.send({ type: 'dialog.submit' });
    actor.send({ type: 'dialog.submit' });
    actor.send({ type: 'dialog.close' });
    expect(create.probe.inputs).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'dialog.submit' })).toBe(false);
    expect(actor.getSnapshot().matches({ open: { flow: 'saving' } })).toBe(true);
  });

  it('closing while the selects load aborts that call; a failed load can be retried', async () => {
    const load = pending();
    const first = start(restaurantFormConfig, { loadOptions: load.logic });
    first.actor.send({ type: 'dialog.open' });
    first.actor.send({ type: 'dialog.close' });
    expect(load.probe.aborted).toBe(1);

    const failing = rejecting();
    const second = start(restaurantFormConfig, { loadOptions: failing.logic });
    second.actor.send({ type: 'dialog.open' });
    await flush();
    expect(second.actor.getSnapshot().matches({ open: { flow: 'loadFailed' } })).toBe(true);
    second.actor.send({ type: 'dialog.retry' });
    expect(failing.probe.inputs).toHaveLength(2);
  });

  it('the category modal: a failed load is open.flow.loadFailed; retry loads again and edits', async () => {
    let calls = 0;
    const load = resolving(() => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return null;
    });
    const machine = categoryDialogMachine.provide({ actors: { loadOptions: load.logic as never } });
    const actor = createActor(machine, { input: { config: categoryFormConfig } }).start();
    actor.send({ type: 'dialog.open' });
    await flush();
    expect(actor.getSnapshot().matches({ open: { flow: 'loadFailed' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'dialog.submit' })).toBe(false);
    actor.send({ type: 'dialog.retry' });
    expect(actor.getSnapshot().matches({ open: { flow: 'loading' } })).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches({ open: { flow: 'editing', mode: 'create' } })).toBe(true);
    expect(load.probe.inputs).toHaveLength(2);
  });
});
