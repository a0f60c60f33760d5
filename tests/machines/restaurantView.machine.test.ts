import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ViewInput } from '../../machines/restaurants/restaurantView.actors';
import { restaurantViewMachine } from '../../machines/restaurants/restaurantView.machine';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { flush, pending, rejecting, resolving } from './helpers';

const output = { restaurant: { _id: 'r1', slug: 'rayhon', name: 'Rayhon' }, managerLogin: 'rayhon' };

function start(input: ViewInput, actors: Record<string, unknown> = {}) {
  const notify = vi.fn();
  const goToList = vi.fn();
  const machine = restaurantViewMachine.provide({
    actors: { loadRestaurant: resolving(output).logic, ...actors } as never,
    actions: { notify: (_, params) => notify(params), goToList },
  });
  return { actor: createActor(machine, { input }).start(), notify, goToList };
}

describe('restaurant view machine (spec 2.6)', () => {
  it('loads with the route input', async () => {
    const load = resolving(output);
    const { actor } = start({ id: 'r1', slug: 'rayhon', role: 'admin' }, { loadRestaurant: load.logic });
    await flush();
    expect(load.probe.inputs).toEqual([{ id: 'r1', slug: 'rayhon', role: 'admin' }]);
    expect(actor.getSnapshot().context.managerLogin).toBe('rayhon');
  });

  it('only an admin may delete', async () => {
    const { actor } = start({ id: 'r1', slug: null, role: 'manager' });
    await flush();
    expect(actor.getSnapshot().can({ type: 'restaurant.delete' })).toBe(false);
  });

  it('an admin deletes after Ha by slug, then goes back to the list', async () => {
    const remove = resolving(undefined);
    const { actor, goToList, notify } = start(
      { id: 'r1', slug: 'rayhon', role: 'admin' },
      {
        confirmDelete: confirmDeleteWith(remove.logic),
      },
    );
    await flush();
    actor.send({ type: 'restaurant.delete' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(remove.probe.inputs).toEqual([{ slug: 'rayhon' }]);
    expect(goToList).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Restoran o'chirildi" });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a failed delete stays on the view with the spec text', async () => {
    const { actor, goToList, notify } = start(
      { id: 'r1', slug: 'rayhon', role: 'admin' },
      {
        confirmDelete: confirmDeleteWith(rejecting().logic),
      },
    );
    await flush();
    actor.send({ type: 'restaurant.delete' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(goToList).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: "O'chirishda xatolik yuz berdi!" });
  });

  it('a failed load can be retried; stopping the actor aborts a running load', async () => {
    const failing = start({ id: 'r1', slug: 'x', role: 'admin' }, { loadRestaurant: rejecting().logic });
    await flush();
    expect(failing.actor.getSnapshot().matches('failed')).toBe(true);
    failing.actor.send({ type: 'restaurant.retry' });
    expect(failing.actor.getSnapshot().matches('loading')).toBe(true);

    const hanging = pending();
    const view = start({ id: 'r1', slug: 'x', role: 'admin' }, { loadRestaurant: hanging.logic });
    view.actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});
