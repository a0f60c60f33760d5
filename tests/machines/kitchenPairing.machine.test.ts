import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, getInitialSnapshot } from 'xstate';
import { codeDigits, kitchenPairingMachine } from '../../machines/kitchen/kitchenPairing.machine';
import {
  selectCode,
  selectCodeComplete,
  selectDisplay,
  selectNotice,
  selectPairing,
  selectUnpaired,
} from '../../machines/kitchen/kitchenPairing.selectors';
import { kitchenMessages } from '../../server/messages/kitchen';
import { coverage, generatePaths, type ModelEvent, type PathModel, pathName } from '../support/paths';
import {
  kitchenPairingModel,
  kitchenPairingStoredModel,
  PAIR_CODE,
  type PairingPathEvent,
} from '../ui/models/kitchen.model';
import { flush, pending, rejecting, resolving } from './helpers';

/**
 * The kitchen tablet's pairing machine with its pairing call and its display child replaced: the display is any actor
 * that ends (the device removed: its output names why) or fails.
 */

interface Options {
  token?: string | null;
  pair?: AnyActorLogic;
  display?: AnyActorLogic;
}

function start(options: Options = {}) {
  const storeToken = vi.fn();
  const forgetToken = vi.fn();
  const display = pending<{ token: string }>();
  const pair = resolving('kd_new');
  const machine = kitchenPairingMachine.provide({
    actors: { pair: options.pair ?? pair.logic, kitchenDisplay: options.display ?? display.logic } as never,
    actions: { storeToken: (_, params) => storeToken(params), forgetToken: () => forgetToken() },
  });
  const actor = createActor(machine, { input: { token: options.token ?? null } }).start();
  return { actor, storeToken, forgetToken, display: display.probe, pair: pair.probe };
}

describe('kitchen pairing', () => {
  it('keeps six digits of what is typed, and pairs only with all six', () => {
    expect(codeDigits(' 48-29 13 7')).toBe('482913');
    const { actor, pair } = start();
    expect(selectUnpaired(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'kitchen.code', value: '48a2' });
    expect(selectCode(actor.getSnapshot())).toBe('482');
    expect(selectCodeComplete(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'kitchen.pair' });
    expect(pair.inputs).toEqual([]);
    actor.send({ type: 'kitchen.code', value: '4829137' });
    expect(selectCode(actor.getSnapshot())).toBe(PAIR_CODE);
    expect(actor.getSnapshot().can({ type: 'kitchen.pair' })).toBe(true);
  });

  it('pairs with the code, keeps the token and starts the display with it', async () => {
    const { actor, pair, storeToken, display } = start();
    actor.send({ type: 'kitchen.code', value: PAIR_CODE });
    actor.send({ type: 'kitchen.pair' });
    expect(selectPairing(actor.getSnapshot())).toBe(true);
    // While pairing, the code stays as it was sent.
    actor.send({ type: 'kitchen.code', value: '111111' });
    await flush();
    expect(pair.inputs).toEqual([{ code: PAIR_CODE }]);
    expect(storeToken).toHaveBeenCalledWith({ token: 'kd_new' });
    expect(actor.getSnapshot().matches('paired')).toBe(true);
    expect(display.inputs).toEqual([{ token: 'kd_new' }]);
    expect(selectDisplay(actor.getSnapshot())).toBeDefined();
  });

  it("a refused code says the server's words, kept until the code is typed again", async () => {
    const { actor, storeToken } = start({ pair: rejecting(400, kitchenMessages.pairCodeInvalid).logic });
    actor.send({ type: 'kitchen.code', value: PAIR_CODE });
    actor.send({ type: 'kitchen.pair' });
    await flush();
    expect(selectUnpaired(actor.getSnapshot())).toBe(true);
    expect(selectNotice(actor.getSnapshot())).toBe(kitchenMessages.pairCodeInvalid);
    expect(selectCode(actor.getSnapshot())).toBe(PAIR_CODE);
    expect(storeToken).not.toHaveBeenCalled();
    actor.send({ type: 'kitchen.code', value: '48291' });
    expect(selectNotice(actor.getSnapshot())).toBeUndefined();
  });

  it('a failure without a message still says something went wrong (null: the screen’s own words)', async () => {
    const { actor } = start({ pair: fromPromise(() => Promise.reject(new Error('broken'))) });
    actor.send({ type: 'kitchen.code', value: PAIR_CODE });
    actor.send({ type: 'kitchen.pair' });
    await flush();
    expect(selectNotice(actor.getSnapshot())).toBeNull();
  });

  it('a stored token starts the display at once, without pairing', () => {
    const { actor, display, pair } = start({ token: 'kd_stored' });
    expect(actor.getSnapshot().matches('paired')).toBe(true);
    expect(display.inputs).toEqual([{ token: 'kd_stored' }]);
    expect(pair.inputs).toEqual([]);
  });

  it('the display ended (the device removed): the token is forgotten and the pairing screen says why', async () => {
    const { actor, forgetToken } = start({
      token: 'kd_stored',
      display: resolving({ message: kitchenMessages.kitchenSessionInvalid }).logic,
    });
    await flush();
    expect(forgetToken).toHaveBeenCalledTimes(1);
    expect(selectUnpaired(actor.getSnapshot())).toBe(true);
    expect(selectNotice(actor.getSnapshot())).toBe(kitchenMessages.kitchenSessionInvalid);
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(selectDisplay(actor.getSnapshot())).toBeUndefined();
  });

  it('a display that broke keeps the token and starts again on "Qayta urinish"', async () => {
    let starts = 0;
    const display = fromPromise(async () => {
      starts++;
      if (starts === 1) throw new Error('broken');
      return new Promise(() => {});
    });
    const { actor, forgetToken } = start({ token: 'kd_stored', display });
    await flush();
    expect(actor.getSnapshot().matches('displayFailed')).toBe(true);
    expect(forgetToken).not.toHaveBeenCalled();
    actor.send({ type: 'kitchen.retry' });
    expect(actor.getSnapshot().matches('paired')).toBe(true);
    expect(starts).toBe(2);
  });

  it('a pairing that never answers keeps "Ulash" waiting; leaving aborts it', () => {
    const pair = pending();
    const { actor } = start({ pair: pair.logic });
    actor.send({ type: 'kitchen.code', value: PAIR_CODE });
    actor.send({ type: 'kitchen.pair' });
    actor.send({ type: 'kitchen.pair' });
    expect(pair.probe.inputs).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'kitchen.pair' })).toBe(false);
    actor.stop();
    expect(pair.probe.aborted).toBe(1);
  });
});

describe.each([kitchenPairingModel, kitchenPairingStoredModel])('kitchen pairing: generated paths ($name)', (model) => {
  const paths = generatePaths(model as PathModel<typeof kitchenPairingMachine>);

  it('the paths reach every state', () => {
    const { states } = coverage(model, paths);
    expect(states.covered).toEqual(expect.arrayContaining(states.all));
  });

  type Held = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
  /** Which events settle a call (the rest are the screen's own events). */
  const settles = {
    'xstate.done.actor.pair': ['pair', 'done'],
    'xstate.error.actor.pair': ['pair', 'error'],
    'xstate.done.actor.display': ['display', 'done'],
    'xstate.error.actor.display': ['display', 'error'],
    'kitchen.code': null,
    'kitchen.pair': null,
    'kitchen.retry': null,
  } satisfies Record<PairingPathEvent, readonly [string, 'done' | 'error'] | null>;

  it.each(paths.map((path, i) => [pathName(model, path, i), path] as const))('%s', async (_name, path) => {
    const held = new Map<string, Held>();
    const holding = (id: string) =>
      fromPromise<unknown, unknown>(() => new Promise((resolve, reject) => held.set(id, { resolve, reject })));
    const storeToken = vi.fn();
    const machine = kitchenPairingMachine.provide({
      actors: { pair: holding('pair'), kitchenDisplay: holding('display') } as never,
      actions: { storeToken: (_, params) => storeToken(params), forgetToken: () => {} },
    });
    const actor = createActor(machine, { input: model.input! }).start();
    expect(actor.getSnapshot().value).toEqual(getInitialSnapshot(kitchenPairingMachine, model.input!).value);
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const settle = settles[event.type as PairingPathEvent];
      if (settle) {
        const [id, outcome] = settle;
        const call = held.get(id);
        expect(call, `${id} is running`).toBeDefined();
        held.delete(id);
        if (outcome === 'done') call!.resolve(event.output);
        else call!.reject(event.error);
      } else {
        actor.send(event as never);
      }
      await flush();
      expect(actor.getSnapshot().value).toEqual(step.state.value);
    }
    // A token is kept exactly when the pairing call answered one.
    const paired = path.steps.filter((s) => s.event.type === 'xstate.done.actor.pair').length;
    expect(storeToken).toHaveBeenCalledTimes(paired);
    actor.stop();
  });
});
