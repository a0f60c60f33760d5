import { describe, expect, it } from 'vitest';
import { createActor, type PromiseActorLogic, toPromise } from 'xstate';
import type { ApiError } from '../../client/client';
import { confirmDeleteWith, deleteDetails, isDeleting } from '../../machines/shared/confirmDelete.machine';
import { flush, pending, rejecting, resolving } from './helpers';

/** The confirm-then-delete child every delete screen invokes (spec 8: Ha / Yo‘q first). */
describe('confirm-delete child', () => {
  const start = <O>(remove: PromiseActorLogic<O, unknown>) =>
    createActor(confirmDeleteWith(remove), { input: { target: { id: 'x1' } } }).start();

  it('Yo‘q ends it without a call', async () => {
    const remove = resolving(undefined);
    const actor = start(remove.logic);
    actor.send({ type: 'confirm.no' });
    expect(await toPromise(actor)).toEqual({ result: 'cancelled' });
    expect(remove.probe.inputs).toEqual([]);
  });

  it('Ha runs the call with the target; its success and its failure are the outcome', async () => {
    const remove = resolving(undefined);
    const actor = start(remove.logic);
    actor.send({ type: 'confirm.yes' });
    expect(isDeleting(actor.getSnapshot())).toBe(true);
    // A second answer while the call runs changes nothing.
    actor.send({ type: 'confirm.no' });
    expect(await toPromise(actor)).toEqual({ result: 'deleted' });
    expect(remove.probe.inputs).toEqual([{ id: 'x1' }]);

    const failing = start(rejecting(404).logic);
    failing.send({ type: 'confirm.yes' });
    const outcome = await toPromise(failing);
    expect(outcome.result).toBe('failed');
    expect(outcome.result === 'failed' && (outcome.error as ApiError).status).toBe(404);
  });

  it('counts what goes with the target while the question is open; a failed count only leaves it out', async () => {
    const describe = resolving(3);
    const remove = resolving(undefined);
    const actor = createActor(confirmDeleteWith(remove.logic, describe.logic), { input: { target: { id: 'c1' } } });
    actor.start();
    expect(deleteDetails(actor.getSnapshot())).toBeNull();
    await flush();
    expect(describe.probe.inputs).toEqual([{ id: 'c1' }]);
    expect(deleteDetails(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'confirm.yes' });
    expect(await toPromise(actor)).toEqual({ result: 'deleted' });

    const failing = createActor(confirmDeleteWith(remove.logic, rejecting(500).logic), {
      input: { target: { id: 'c2' } },
    });
    failing.start();
    await flush();
    expect(deleteDetails(failing.getSnapshot())).toBeNull();
    failing.send({ type: 'confirm.yes' });
    expect(await toPromise(failing)).toEqual({ result: 'deleted' });

    // Without a count (the default), nothing is counted.
    const plain = start(remove.logic);
    await flush();
    expect(deleteDetails(plain.getSnapshot())).toBeNull();
    expect(deleteDetails(undefined)).toBeNull();
  });

  it('a count still running when Ha is pressed is stopped', async () => {
    const describe = pending();
    const actor = createActor(confirmDeleteWith(resolving(undefined).logic, describe.logic), {
      input: { target: { id: 'c1' } },
    }).start();
    await flush();
    actor.send({ type: 'confirm.yes' });
    expect(describe.probe.aborted).toBe(1);
    expect(await toPromise(actor)).toEqual({ result: 'deleted' });
  });

  it('stopped while the call runs (the screen is left), the call is aborted', async () => {
    const remove = pending();
    const actor = start(remove.logic);
    actor.send({ type: 'confirm.yes' });
    await flush();
    actor.stop();
    expect(remove.probe.aborted).toBe(1);
    expect(isDeleting(undefined)).toBe(false);
  });
});
