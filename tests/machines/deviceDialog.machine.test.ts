import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { uzKitchen } from '../../lib/uz-kitchen';
import type { DialogEvent } from '../../machines/dialog/dialog.machine';
import { selectErrors, selectFailure, selectIsOpen } from '../../machines/dialog/dialog.selectors';
import { deviceDialogMachine } from '../../machines/kitchenSetup/deviceDialog.machine';
import { deviceFormConfig, toDeviceInput, validateDevice } from '../../machines/kitchenSetup/deviceForm.rules';
import { messages } from '../../server/messages';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { deviceDialogModel, NEW_PAIRING } from '../ui/models/kitchenSetup.model';
import { flush, rejecting, resolving } from './helpers';
import { type PathStep, replayPath } from './replay-path';

/** "Planshet qo'shish": the tablet's name and station, the one-time code it answers, its refusals. */

type Snapshot = SnapshotFrom<typeof deviceDialogMachine>;

describe('the tablet form', () => {
  it('asks for a name of at most 40 characters; no station chosen is every station', () => {
    expect(validateDevice({ name: ' ', station_id: '' })).toEqual({ name: uzKitchen.deviceNameRequired });
    expect(validateDevice({ name: 'x'.repeat(41), station_id: '' })).toEqual({ name: uzKitchen.deviceNameTooLong });
    expect(toDeviceInput({ name: ' Bar ', station_id: '' })).toEqual({ name: 'Bar', station_id: null });
    expect(toDeviceInput({ name: 'Bar', station_id: 's2' })).toEqual({ name: 'Bar', station_id: 's2' });
  });
});

describe('deviceDialog machine: examples', () => {
  it("gives the code with the tablet's name to the list", async () => {
    const saved = vi.fn();
    const create = resolving(NEW_PAIRING);
    const machine = deviceDialogMachine.provide({
      actors: { create: create.logic } as never,
      actions: { saved: (_, { output }) => saved(output) },
    });
    const actor = createActor(machine, { input: { config: deviceFormConfig, scope: { restaurantId: 'r1' } } }).start();
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values: { name: 'Mangal', station_id: 's2' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(create.probe.inputs).toEqual([
      { item: null, values: { name: 'Mangal', station_id: 's2' }, scope: { restaurantId: 'r1' } },
    ]);
    expect(saved).toHaveBeenCalledWith(NEW_PAIRING);
  });

  it("the server's refusal is the form's alert, with the field named as the form names it", async () => {
    const machine = deviceDialogMachine.provide({
      actors: { create: rejecting(400, '"station_id" maydoni noto\'g\'ri').logic } as never,
    });
    const actor = createActor(machine, { input: { config: deviceFormConfig, scope: { restaurantId: 'r1' } } }).start();
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values: { name: 'Mangal' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(selectFailure(actor.getSnapshot())).toBe(`"${uzKitchen.fieldDeviceStation}" maydoni noto'g'ri`);
  });
});

describe('deviceDialog machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(deviceDialogModel);

  it('the paths visit every transition and every state a create-only form has', () => {
    const { states, transitions } = coverage(deviceDialogModel, paths);
    const notInForm = [
      'open.flow.loadFailed',
      'open.flow.saving.updating',
      'open.mode.edit',
      'open.tab.en',
      'open.tab.ru',
      'open.tab.uzCyrl',
    ];
    expect(states.covered).toEqual(states.all.filter((s) => !notInForm.includes(s)).sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = PathStep<Snapshot>;
  const none = () => {
    throw new Error('the tablet form has no such step');
  };
  const steps = {
    'dialog.open': (_w, _e, _b, after) => expect(after.context.values).toEqual({ name: '', station_id: '' }),
    'dialog.change': (_w, e, _b, after) => expect(after.context.values).toMatchObject(e.values as object),
    'dialog.submit': (w, _e, before, after) => {
      const errors = validateDevice(before.context.values);
      expect(selectErrors(after)).toEqual(errors);
      expect(w.held.map((c) => c.id)).toEqual(Object.keys(errors).length > 0 ? [] : ['create']);
    },
    'dialog.close': (_w, _e, _b, after) => expect(selectIsOpen(after)).toBe(false),
    'dialog.retry': none,
    'dialog.tab': none,
    'dialog.languages.toggle': none,
    'dialog.languages.move': none,
    'xstate.done.actor.loadOptions': (_w, _e, _b, after) =>
      expect(after.matches({ open: { flow: 'editing' } })).toBe(true),
    'xstate.error.actor.loadOptions': none,
    'xstate.done.actor.create': (_w, _e, _b, after) => expect(selectIsOpen(after)).toBe(false),
    'xstate.error.actor.create': (_w, _e, _b, after) => expect(selectFailure(after)).toBe(messages.tooManyDevices(50)),
    'xstate.done.actor.update': none,
    'xstate.error.actor.update': none,
  } satisfies Record<PathEventType<DialogEvent, 'loadOptions' | 'create' | 'update'>, Step>;

  it.each(paths.map((path, i) => [pathName(deviceDialogModel, path, i), path] as const))('%s', async (_n, path) => {
    await replayPath(deviceDialogMachine, deviceDialogModel.input, ['loadOptions', 'create'], path, steps);
  });
});
