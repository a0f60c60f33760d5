import { describe, expect, it, vi } from 'vitest';
import {
  type AnyActorLogic,
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type SnapshotFrom,
} from 'xstate';
import { ApiError } from '../../client/client';
import type { Restaurant } from '../../client/types';
import { uz } from '../../lib/uz';
import { uzTelegram } from '../../lib/uz-telegram';
import { restaurantViewMachine } from '../../machines/restaurants/restaurantView.machine';
import { selectTelegramConfigured, selectTelegramError } from '../../machines/restaurants/restaurantView.selectors';
import { type TelegramTestEvent, telegramTestMachine } from '../../machines/restaurants/telegramTest.machine';
import { selectIsSending, selectResult } from '../../machines/restaurants/telegramTest.selectors';
import { coverage, generatePaths, type ModelEvent, type PathEventType, pathName } from '../support/paths';
import { TEST_REFUSED, TEST_SENT, telegramTestModel } from '../ui/models/telegram.model';
import { flush, pending, rejecting, resolving } from './helpers';

/**
 * Telegram in the panel: the restaurant page's "Sinov xabari yuborish" (telegramTest machine), the page clearing the
 * restaurant's delivery error after a delivered test, and the orders screen taking an order's Telegram refusal from
 * the live event.
 */

type Snapshot = SnapshotFrom<typeof telegramTestMachine>;

function start(sendTest: AnyActorLogic = resolving(TEST_SENT).logic) {
  const delivered = vi.fn();
  const machine = telegramTestMachine.provide({ actors: { sendTest } as never, actions: { delivered } });
  return { actor: createActor(machine, { input: { restaurantId: 'r1' } }).start(), delivered };
}

describe('telegramTest machine: examples', () => {
  it("sends for its restaurant, shows the server's sentence and tells the page the error is gone", async () => {
    const send = resolving(TEST_SENT);
    const { actor, delivered } = start(send.logic);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectResult(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'telegram.test' });
    expect(selectIsSending(actor.getSnapshot())).toBe(true);
    // The button is disabled while it runs: a second press is no transition and sends nothing.
    expect(actor.getSnapshot().can({ type: 'telegram.test' })).toBe(false);
    actor.send({ type: 'telegram.test' });
    await flush();
    expect(send.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(actor.getSnapshot().value).toBe('sent');
    expect(selectResult(actor.getSnapshot())).toEqual({ ok: true, message: TEST_SENT });
    expect(delivered).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a refusal (400)', TEST_REFUSED, TEST_REFUSED.message],
    [
      'not set up (400)',
      new ApiError(400, 'Avval bot token va Kanal ID ni kiriting va saqlang.'),
      'Avval bot token va Kanal ID ni kiriting va saqlang.',
    ],
    [
      'Telegram unreachable (502)',
      new ApiError(502, 'Sinov xabari yuborilmadi: timeout'),
      'Sinov xabari yuborilmadi: timeout',
    ],
    ['no answer at all', new ApiError(0, uz.networkError), uz.networkError],
    ['anything else', new Error('boom'), uzTelegram.telegramTestFailed],
  ])('a failure shows why: %s', async (_name, error, shown) => {
    const { actor, delivered } = start(
      fromPromise(async () => {
        throw error;
      }),
    );
    actor.send({ type: 'telegram.test' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(selectResult(actor.getSnapshot())).toEqual({ ok: false, message: shown });
    expect(delivered).not.toHaveBeenCalled();
  });

  it('sends again after a failure and after a success; the old result goes while the new one runs', async () => {
    const answers: Array<string | Error> = [TEST_REFUSED, TEST_SENT, TEST_SENT];
    const calls: unknown[] = [];
    const { actor, delivered } = start(
      fromPromise(async ({ input }) => {
        calls.push(input);
        const answer = answers.shift()!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    );
    actor.send({ type: 'telegram.test' });
    await flush();
    expect(selectResult(actor.getSnapshot())?.ok).toBe(false);
    actor.send({ type: 'telegram.test' });
    expect(selectResult(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.message).toBeNull();
    await flush();
    expect(selectResult(actor.getSnapshot())).toEqual({ ok: true, message: TEST_SENT });
    actor.send({ type: 'telegram.test' });
    await flush();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(calls).toHaveLength(3);
    expect(delivered).toHaveBeenCalledTimes(2);
  });

  it('leaving the page stops the call', () => {
    const hanging = pending();
    const { actor } = start(hanging.logic);
    actor.send({ type: 'telegram.test' });
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('telegramTest machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(telegramTestModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(telegramTestModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  interface World {
    held: Array<{ input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }>;
    delivered: ReturnType<typeof vi.fn<() => void>>;
  }
  type Step = (w: World, event: ModelEvent, before: Snapshot, after: Snapshot) => void;
  /** What each event does and what it must leave behind; a new event of the machine needs its entry here. */
  const steps = {
    'telegram.test': (w, _e, before, after) => {
      expect(w.held.map((c) => c.input)).toEqual([{ restaurantId: 'r1' }]);
      expect(selectIsSending(after)).toBe(true);
      expect(after.can({ type: 'telegram.test' })).toBe(false);
      expect(selectResult(after)).toBeNull();
      expect(before.can({ type: 'telegram.test' })).toBe(true);
    },
    'xstate.done.actor.sendTest': (w, e, _before, after) => {
      expect(selectResult(after)).toEqual({ ok: true, message: e.output });
      expect(w.delivered).toHaveBeenCalledTimes(1);
    },
    'xstate.error.actor.sendTest': (w, e, _before, after) => {
      expect(selectResult(after)).toEqual({ ok: false, message: (e.error as ApiError).message });
      expect(w.delivered).not.toHaveBeenCalled();
    },
  } satisfies Record<PathEventType<TelegramTestEvent, 'sendTest'>, Step>;

  it.each(paths.map((path, i) => [pathName(telegramTestModel, path, i), path] as const))('%s', async (_n, path) => {
    const world: World = { held: [], delivered: vi.fn<() => void>() };
    const holding = fromPromise<unknown, unknown>(
      ({ input }) => new Promise((resolve, reject) => world.held.push({ input, resolve, reject })),
    );
    const actor = createActor(
      telegramTestMachine.provide({ actors: { sendTest: holding } as never, actions: { delivered: world.delivered } }),
      { input: telegramTestModel.input! },
    ).start();
    let replayed = getInitialSnapshot(telegramTestMachine, telegramTestModel.input!) as Snapshot;
    expect(actor.getSnapshot().value).toEqual(replayed.value);
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const before = actor.getSnapshot();
      world.delivered.mockClear();
      if (event.type === 'telegram.test') {
        world.held.length = 0;
        actor.send({ type: 'telegram.test' });
      } else {
        const call = world.held.shift();
        expect(call, 'the test message is being sent').toBeDefined();
        if (event.type === 'xstate.done.actor.sendTest') call!.resolve(event.output);
        else call!.reject(event.error);
      }
      await flush();
      replayed = getNextSnapshot(telegramTestMachine, replayed, event as never) as Snapshot;
      const after = actor.getSnapshot();
      expect(after.value, `after ${event.type}`).toEqual(replayed.value);
      steps[event.type as keyof typeof steps](world, event, before, after);
    }
    actor.stop();
  });
});

describe('the restaurant page clears the delivery error after a delivered test', () => {
  const restaurant = {
    _id: 'r1',
    slug: 'rayhon',
    name: 'Rayhon',
    telegram_configured: true,
    telegram_error: "bot tokeni noto'g'ri",
  } as unknown as Restaurant;

  function view(loaded: Partial<Restaurant> = {}) {
    const machine = restaurantViewMachine.provide({
      actors: {
        loadRestaurant: resolving({ restaurant: { ...restaurant, ...loaded }, managerLogin: null }).logic,
      } as never,
    });
    return createActor(machine, { input: { id: 'r1', slug: 'rayhon', role: 'manager' } }).start();
  }

  it('telegram.delivered empties telegram_error and keeps the rest of the restaurant', async () => {
    const actor = view();
    await flush();
    expect(selectTelegramConfigured(actor.getSnapshot())).toBe(true);
    expect(selectTelegramError(actor.getSnapshot())).toBe(restaurant.telegram_error);
    actor.send({ type: 'telegram.delivered' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectTelegramError(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.restaurant).toEqual({ ...restaurant, telegram_error: null });
  });

  it('without an error nothing changes; a restaurant the own read did not answer has no Telegram section', async () => {
    const actor = view({ telegram_error: null });
    await flush();
    const before = actor.getSnapshot().context.restaurant;
    actor.send({ type: 'telegram.delivered' });
    expect(actor.getSnapshot().context.restaurant).toBe(before);

    const publicOnly = view({ telegram_configured: undefined, telegram_error: undefined });
    await flush();
    expect(selectTelegramConfigured(publicOnly.getSnapshot())).toBeNull();
    expect(selectTelegramError(publicOnly.getSnapshot())).toBeNull();
  });

  it('a failed load keeps no Telegram facts', async () => {
    const machine = restaurantViewMachine.provide({ actors: { loadRestaurant: rejecting().logic } as never });
    const actor = createActor(machine, { input: { id: 'r1', slug: 'x', role: 'admin' } }).start();
    await flush();
    expect(actor.getSnapshot().can({ type: 'telegram.delivered' })).toBe(false);
    expect(selectTelegramConfigured(actor.getSnapshot())).toBeNull();
  });
});
