import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { managersMachine } from '../../machines/managers/managers.machine';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { flush, rejecting, resolving } from './helpers';
import { managersPage } from './listServer';

/** The managers screen's flows the older test leaves open: a delete that succeeds, a failed toggle, unknown ids. */

const managers = [
  { _id: 'm1', login: 'rayhon', is_active: true, restaurants_count: 0 },
  { _id: 'm2', login: 'bahor', is_active: false, restaurants_count: 0 },
];

function start(actors: Record<string, unknown> = {}) {
  const notify = vi.fn();
  const load = resolving(managersPage(managers));
  const machine = managersMachine.provide({
    actors: { loadManagers: load.logic, ...actors } as never,
    actions: { notify: (_, params) => notify(params) },
  });
  return { actor: createActor(machine).start(), notify, load: load.probe };
}

describe('managers screen flows (spec 2.5)', () => {
  it('Ha deletes the manager by id, says so and reloads the list', async () => {
    const remove = resolving(undefined);
    const { actor, notify, load } = start({ confirmDelete: confirmDeleteWith(remove.logic as never) });
    await flush();
    actor.send({ type: 'manager.delete', id: 'm2' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(remove.probe.inputs).toEqual([{ id: 'm2' }]);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: uz.managerDeleted });
    expect(load.inputs).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('an inactive manager is activated; success says “edited” and reloads', async () => {
    const setActive = resolving({});
    const { actor, notify, load } = start({ setActive: setActive.logic });
    await flush();
    actor.send({ type: 'manager.toggleActive', id: 'm2' });
    await flush();
    expect(setActive.probe.inputs).toEqual([{ id: 'm2', is_active: true }]);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: uz.managerEdited });
    expect(load.inputs).toHaveLength(2);
  });

  it('a failed toggle says the edit failed with the server’s reason, and the list stays', async () => {
    const { actor, notify, load } = start({ setActive: rejecting(409, 'Login band').logic });
    await flush();
    actor.send({ type: 'manager.toggleActive', id: 'm1' });
    // Deactivating asks first.
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: `${uz.editFailed} Login band` });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.targetId).toBeNull();
    expect(load.inputs).toHaveLength(1);
  });

  it('a toggle that never reached the server says only the edit failed', async () => {
    const { actor, notify } = start({ setActive: rejecting(0, 'offline').logic });
    await flush();
    actor.send({ type: 'manager.toggleActive', id: 'm1' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uz.editFailed });
  });

  it('a failed delete without a reason says only that it failed', async () => {
    const { actor, notify } = start({ confirmDelete: confirmDeleteWith(rejecting(0).logic as never) });
    await flush();
    actor.send({ type: 'manager.delete', id: 'm1' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uz.deleteFailed });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('ids not in the list ask nothing and change nothing', async () => {
    const setActive = resolving({});
    const { actor } = start({ setActive: setActive.logic });
    await flush();
    actor.send({ type: 'manager.delete', id: 'm9' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'manager.toggleActive', id: 'm9' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(setActive.probe.inputs).toEqual([]);
  });

  it('reload from the list, retry after a failure', async () => {
    let calls = 0;
    const { actor } = start({
      loadManagers: resolving((input: Parameters<ReturnType<typeof managersPage>>[0]) => {
        calls++;
        if (calls === 2) throw new ApiError(500, 'down');
        return managersPage(managers)(input);
      }).logic,
    });
    await flush();
    actor.send({ type: 'managers.reload' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'managers.retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toBe(3);
  });

  it('deactivating asks first: Yo‘q changes nothing, Ha sends is_active false', async () => {
    const setActive = resolving({});
    const { actor } = start({ setActive: setActive.logic });
    await flush();
    actor.send({ type: 'manager.toggleActive', id: 'm1' });
    expect(actor.getSnapshot().value).toBe('confirmingDeactivate');
    actor.send({ type: 'confirm.no' });
    expect(actor.getSnapshot().value).toBe('ready');
    await flush();
    expect(setActive.probe.inputs).toEqual([]);
    actor.send({ type: 'manager.toggleActive', id: 'm1' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(setActive.probe.inputs).toEqual([{ id: 'm1', is_active: false }]);
  });
});
