import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { managerRestaurantsMachine } from '../../machines/manager/managerRestaurants.machine';
import { managersMachine } from '../../machines/managers/managers.machine';
import { selectDeactivateTarget, selectDeleteTarget } from '../../machines/managers/managers.selectors';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { flush, rejecting, resolving } from './helpers';
import { managersPage } from './listServer';

const managers = [
  { _id: 'm1', login: 'rayhon', is_active: true, restaurants_count: 2 },
  { _id: 'm2', login: 'bahor', is_active: false, restaurants_count: 0 },
];

function start(actors: Record<string, unknown> = {}) {
  const notify = vi.fn();
  const machine = managersMachine.provide({
    actors: { loadManagers: resolving(managersPage(managers)).logic, ...actors } as never,
    actions: { notify: (_, params) => notify(params) },
  });
  return { actor: createActor(machine).start(), notify };
}

describe('managers machine', () => {
  it('activates an inactive manager at once, and reloads', async () => {
    const setActive = resolving({});
    const load = resolving(managersPage(managers));
    const { actor } = start({ setActive: setActive.logic, loadManagers: load.logic });
    await flush();
    actor.send({ type: 'manager.toggleActive', id: 'm2' });
    await flush();
    expect(setActive.probe.inputs).toEqual([{ id: 'm2', is_active: true }]);
    expect(load.probe.inputs).toHaveLength(2);
  });

  it('deactivating asks first: nothing is sent until Ha, and Yo‘q sends nothing', async () => {
    const setActive = resolving({});
    const load = resolving(managersPage(managers));
    const { actor } = start({ setActive: setActive.logic, loadManagers: load.logic });
    await flush();
    actor.send({ type: 'manager.toggleActive', id: 'm1' });
    expect(selectDeactivateTarget(actor.getSnapshot())?.login).toBe('rayhon');
    // While the question is open, nothing else starts.
    actor.send({ type: 'manager.toggleActive', id: 'm2' });
    actor.send({ type: 'manager.delete', id: 'm2' });
    await flush();
    expect(setActive.probe.inputs).toEqual([]);
    actor.send({ type: 'confirm.no' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(selectDeactivateTarget(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'manager.toggleActive', id: 'm1' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(setActive.probe.inputs).toEqual([{ id: 'm1', is_active: false }]);
    expect(load.probe.inputs).toHaveLength(2);
  });

  it("a refused delete (the manager has restaurants) shows the spec text and the server's reason", async () => {
    const { actor, notify } = start({
      confirmDelete: confirmDeleteWith(
        rejecting(409, "Menedjerning restoranlari bor: avval ularni boshqa menedjerga o'tkazing.").logic,
      ),
    });
    await flush();
    actor.send({ type: 'manager.delete', id: 'm1' });
    expect(selectDeleteTarget(actor.getSnapshot())?.login).toBe('rayhon');
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({
      kind: 'error',
      text: "O'chirishda xatolik yuz berdi! Menedjerning restoranlari bor: avval ularni boshqa menedjerga o'tkazing.",
    });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('Yo‘q deletes nothing', async () => {
    const remove = resolving(undefined);
    const { actor } = start({ confirmDelete: confirmDeleteWith(remove.logic) });
    await flush();
    actor.send({ type: 'manager.delete', id: 'm2' });
    actor.send({ type: 'confirm.no' });
    expect(remove.probe.inputs).toHaveLength(0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});

describe('manager restaurants machine (spec 2.7)', () => {
  const startWith = (logic: unknown) =>
    createActor(managerRestaurantsMachine.provide({ actors: { loadMyRestaurants: logic } as never })).start();

  it("an empty answer is 'empty' (No restaurants found.)", async () => {
    const actor = startWith(resolving([]).logic);
    await flush();
    expect(actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('restaurants are shown; a reload keeps them while loading', async () => {
    const actor = startWith(resolving([{ _id: 'r1' }]).logic);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'restaurants.reload' });
    expect(actor.getSnapshot().context.restaurants).toHaveLength(1);
  });

  it('a failure can be retried', async () => {
    const failing = rejecting();
    const actor = startWith(failing.logic);
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'restaurants.retry' });
    expect(failing.probe.inputs).toHaveLength(2);
  });
});
