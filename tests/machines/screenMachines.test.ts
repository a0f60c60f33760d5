import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Restaurant } from '../../client/types';
import { uz } from '../../lib/uz';
import { managerRestaurantsMachine } from '../../machines/manager/managerRestaurants.machine';
import { restaurantViewMachine } from '../../machines/restaurants/restaurantView.machine';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { uploadMachine } from '../../machines/upload/upload.machine';
import { flush, resolving } from './helpers';

/** Transitions of the manager's restaurant cards, the restaurant page and the image upload no other test walks. */

const restaurant = (id: string) => ({ _id: id, name: `R ${id}`, slug: `r-${id}`, type: 'manual' }) as Restaurant;

describe('the manager’s restaurant cards (spec 2.7)', () => {
  function start(answers: unknown[]) {
    const announced = vi.fn();
    const inputs: unknown[] = [];
    let call = 0;
    const machine = managerRestaurantsMachine.provide({
      actors: {
        loadMyRestaurants: resolving((input: unknown) => {
          inputs.push(input);
          const answer = answers[call++];
          if (answer instanceof Error) throw answer;
          return answer;
        }).logic,
      } as never,
      actions: { announceRestaurants: (_, params) => announced(params) },
    });
    return { actor: createActor(machine).start(), announced, inputs };
  }

  it('each load tells the session the restaurants it found, none included', async () => {
    const { actor, announced } = start([[restaurant('r1')], []]);
    await flush();
    expect(announced).toHaveBeenLastCalledWith({ restaurants: [restaurant('r1')] });
    actor.send({ type: 'restaurants.reload' });
    await flush();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.restaurants).toEqual([]);
    expect(announced).toHaveBeenLastCalledWith({ restaurants: [] });
    expect(announced).toHaveBeenCalledTimes(2);
  });

  it('reloads from the cards and from the empty page (after an update, a new assignment)', async () => {
    const { actor, inputs } = start([[], [restaurant('r2')], [restaurant('r2'), restaurant('r3')]]);
    await flush();
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'restaurants.reload' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'restaurants.reload' });
    await flush();
    expect(actor.getSnapshot().context.restaurants.map((r) => r._id)).toEqual(['r2', 'r3']);
    expect(inputs).toHaveLength(3);
  });

  it('a failed load is retried; a reload is not a retry', async () => {
    const { actor } = start([new Error('down'), [restaurant('r1')]]);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'restaurants.reload' });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'restaurants.retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
  });
});

describe('the restaurant page (spec 2.6)', () => {
  function start(removeCall = resolving(undefined)) {
    let calls = 0;
    const machine = restaurantViewMachine.provide({
      actors: {
        loadRestaurant: resolving(() => {
          calls++;
          return {
            restaurant: { ...restaurant('r1'), name: `R r1 #${calls}` },
            managerLogin: null,
            lastSync: undefined,
          };
        }).logic,
        confirmDelete: confirmDeleteWith(removeCall.logic as never),
      } as never,
    });
    const actor = createActor(machine, { input: { id: 'r1', slug: 'r-r1', role: 'admin' } }).start();
    return { actor, remove: removeCall.probe };
  }

  it('reload reads the restaurant again', async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: 'restaurant.reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(actor.getSnapshot().context.restaurant?.name).toBe('R r1 #2');
  });

  it('Yo‘q closes the question without a call; Ha deletes by the restaurant’s slug', async () => {
    const { actor, remove } = start();
    await flush();
    actor.send({ type: 'restaurant.delete' });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(remove.inputs).toEqual([]);
    actor.send({ type: 'restaurant.delete' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(remove.inputs).toEqual([{ slug: 'r-r1' }]);
  });
});

describe('the image upload (spec 2.7)', () => {
  const file = new File(['x'], 'logo.png', { type: 'image/png' });

  function start(answers: ('ok' | 'fail' | 'hold')[]) {
    let call = 0;
    const machine = uploadMachine.provide({
      actors: {
        upload: resolving(() => {
          const answer = answers[call++];
          if (answer === 'fail') throw new Error('network');
          if (answer === 'hold') return new Promise(() => {});
          return { url: `/uploads/${call}.png` };
        }).logic,
      } as never,
    });
    return createActor(machine, { input: { restaurantId: 'r1', kind: 'logotype' } }).start();
  }

  it('a new file after a failure uploads again, from 0 and without the old error', async () => {
    const actor = start(['fail', 'hold']);
    actor.send({ type: 'upload.start', file });
    actor.send({ type: 'upload.progress', loaded: 5, total: 10 });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'upload.start', file });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context).toMatchObject({ loaded: 0, total: 0, error: null });
  });

  it('a new file after a finished upload replaces it', async () => {
    const actor = start(['ok', 'ok']);
    actor.send({ type: 'upload.start', file });
    await flush();
    expect(actor.getSnapshot().context.url).toBe('/uploads/1.png');
    actor.send({ type: 'upload.start', file });
    expect(actor.getSnapshot().value).toBe('uploading');
    await flush();
    expect(actor.getSnapshot().context.url).toBe('/uploads/2.png');
  });

  it('a failure without a server text says the upload failed', async () => {
    const actor = start(['fail']);
    actor.send({ type: 'upload.start', file });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(uz.uploadFailed);
  });
});
