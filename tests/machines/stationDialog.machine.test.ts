import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../client/client';
import type { Station } from '../../client/stations';
import { uzKitchen } from '../../lib/uz-kitchen';
import type { DialogEvent } from '../../machines/dialog/dialog.machine';
import { selectErrors, selectFailure, selectIsOpen } from '../../machines/dialog/dialog.selectors';
import { stationDialogMachine } from '../../machines/kitchenSetup/stationDialog.machine';
import {
  stationFailure,
  stationFormConfig,
  toStationChanges,
  toStationInput,
  validateStation,
} from '../../machines/kitchenSetup/stationForm.rules';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { BAR, KITCHEN, STATION_NAME_TAKEN, sampleStation, stationDialogModel } from '../ui/models/kitchenSetup.model';
import { flush, rejecting, resolving } from './helpers';
import { type PathStep, replayPath } from './replay-path';

/** The station dialog ("Bo'lim qo'shish" / "Bo'limni tahrirlash"): its form's rules, its calls, its paths. */

type Snapshot = SnapshotFrom<typeof stationDialogMachine>;
const NEW = { ...stationFormConfig.empty };

describe('the station form', () => {
  it('asks for a name of at most 40 characters', () => {
    expect(validateStation({ ...NEW, name: '  ' })).toEqual({ name: uzKitchen.stationNameRequired });
    expect(validateStation({ ...NEW, name: 'x'.repeat(41) })).toEqual({ name: uzKitchen.stationNameTooLong });
    expect(validateStation({ ...NEW, name: 'Bar' })).toEqual({});
  });

  it("checks the printer's address and port only while the printer is on", () => {
    const named = { ...NEW, name: 'Bar' };
    expect(validateStation({ ...named, host: 'nonsense host', port: '0' })).toEqual({});
    expect(validateStation({ ...named, printer_on: true, host: '' })).toEqual({ host: uzKitchen.printerHostRequired });
    expect(validateStation({ ...named, printer_on: true, host: '192.168.1.50 ', port: '70000' })).toEqual({
      port: uzKitchen.printerPortInvalid,
    });
    expect(validateStation({ ...named, printer_on: true, host: 'http://printer', port: '9100' })).toEqual({
      host: uzKitchen.printerHostInvalid,
    });
    expect(validateStation({ ...named, printer_on: true, host: 'printer-bar.local', port: '9100' })).toEqual({});
  });

  it('wants whole minutes from 1 to 600, red after amber', () => {
    const named = { ...NEW, name: 'Bar' };
    expect(validateStation({ ...named, amber_minutes: '0', red_minutes: '601' })).toEqual({
      amber_minutes: uzKitchen.minutesInvalid,
      red_minutes: uzKitchen.minutesInvalid,
    });
    expect(validateStation({ ...named, amber_minutes: '20', red_minutes: '20' })).toEqual({
      red_minutes: uzKitchen.redNotAfterAmber,
    });
    expect(validateStation({ ...named, amber_minutes: '2.5' })).toEqual({ amber_minutes: uzKitchen.minutesInvalid });
  });

  it('a new station sends every field, its printer or null', () => {
    expect(toStationInput({ ...NEW, name: ' Bar ' })).toEqual({
      name: 'Bar',
      printer: null,
      print_on: 'placed',
      amber_minutes: 10,
      red_minutes: 20,
    });
    expect(
      toStationInput({
        ...NEW,
        name: 'Oshxona',
        printer_on: true,
        host: ' 192.168.1.50',
        width: '58',
        print_on: 'accepted',
      }),
    ).toEqual({
      name: 'Oshxona',
      printer: { host: '192.168.1.50', port: 9100, width: 58 },
      print_on: 'accepted',
      amber_minutes: 10,
      red_minutes: 20,
    });
  });

  it("an edit sends what changed, the printer whole from the station's own when any of it changed", () => {
    expect(toStationChanges({ name: 'Issiq sex' }, KITCHEN)).toEqual({ name: 'Issiq sex' });
    expect(toStationChanges({ port: '9101' }, KITCHEN)).toEqual({
      printer: { host: '192.168.1.50', port: 9101, width: 80 },
    });
    expect(toStationChanges({ printer_on: false }, KITCHEN)).toEqual({ printer: null });
    expect(toStationChanges({ printer_on: true, host: '10.0.0.7', port: '9100', width: '58' }, BAR)).toEqual({
      printer: { host: '10.0.0.7', port: 9100, width: 58 },
    });
    expect(toStationChanges({ red_minutes: '30', print_on: 'accepted' }, KITCHEN)).toEqual({
      red_minutes: 30,
      print_on: 'accepted',
    });
  });

  it('a printer switched off leaves no change behind in its hidden fields', () => {
    const item = stationFormConfig.fromItem(BAR as never);
    expect(item).toMatchObject({ printer_on: false, host: '', port: '9100', width: '80', print_on: 'accepted' });
    const shown = stationFormConfig.shown!;
    expect(shown({ ...item, host: '10.0.0.7' })).toEqual(shown(item));
  });

  it('a taken name is said under the name; any other refusal in the form, with the fields named as they read', () => {
    expect(stationFailure(STATION_NAME_TAKEN)).toEqual({ failure: null, errors: { name: STATION_NAME_TAKEN.message } });
    expect(stationFailure(new ApiError(400, '"red_minutes" maydoni noto\'g\'ri: 601'))).toEqual({
      failure: `"${uzKitchen.fieldRedMinutes}" maydoni noto'g'ri: 601`,
    });
    expect(stationFailure(new ApiError(0, 'offline'))).toEqual({ failure: null });
  });
});

function open(actors: { create?: AnyActorLogic; update?: AnyActorLogic }) {
  const notify = vi.fn();
  const saved = vi.fn();
  const machine = stationDialogMachine.provide({
    actors: actors as never,
    actions: { notify: (_, notice) => notify(notice), saved: (_, { output }) => saved(output) },
  });
  const actor = createActor(machine, { input: { config: stationFormConfig, scope: { restaurantId: 'r1' } } }).start();
  return { actor, notify, saved };
}

describe('stationDialog machine: examples', () => {
  it('adds a station: the restaurant and the form go to the call, the answer to the section', async () => {
    const created = sampleStation('s3', 'Mangal');
    const create = resolving(created);
    const { actor, notify, saved } = open({ create: create.logic });
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values: { name: 'Mangal', printer_on: true, host: '192.168.1.51' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(create.probe.inputs).toEqual([
      expect.objectContaining({ scope: { restaurantId: 'r1' }, values: expect.objectContaining({ name: 'Mangal' }) }),
    ]);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Bo'lim qo'shildi" });
    expect(saved).toHaveBeenCalledWith(created);
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('a taken name stays under the name field, without a toast, and goes once the name is changed', async () => {
    const { actor, notify } = open({ create: rejecting(409, STATION_NAME_TAKEN.message).logic });
    actor.send({ type: 'dialog.open' });
    await flush();
    actor.send({ type: 'dialog.change', values: { name: 'bar' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(selectErrors(actor.getSnapshot()).name).toBe(STATION_NAME_TAKEN.message);
    expect(selectFailure(actor.getSnapshot())).toBeNull();
    expect(notify).not.toHaveBeenCalled();
    actor.send({ type: 'dialog.change', values: { name: 'Bar 2' } });
    expect(selectErrors(actor.getSnapshot()).name).toBeUndefined();
  });

  it("another refusal is the form's alert and a toast", async () => {
    const { actor, notify } = open({ update: rejecting(404, "Bo'lim topilmadi.").logic });
    actor.send({ type: 'dialog.open', item: KITCHEN });
    await flush();
    actor.send({ type: 'dialog.change', values: { amber_minutes: '15' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(selectFailure(actor.getSnapshot())).toBe("Bo'lim topilmadi.");
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uzKitchen.stationUpdateFailed });
  });

  it('an edit sends only what changed; switching the printer off sends it away', async () => {
    const update = resolving(KITCHEN);
    const { actor } = open({ update: update.logic });
    actor.send({ type: 'dialog.open', item: KITCHEN });
    await flush();
    actor.send({ type: 'dialog.change', values: { printer_on: false } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    const input = update.probe.inputs[0] as { item: Station; values: Record<string, unknown> };
    expect(input.item).toBe(KITCHEN);
    expect(input.values).toEqual({ printer_on: false });
    expect(toStationChanges(input.values as never, input.item)).toEqual({ printer: null });
  });
});

describe('stationDialog machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(stationDialogModel);

  it('the paths visit every transition and every state a station form has', () => {
    const { states, transitions } = coverage(stationDialogModel, paths);
    // One language (no tabs) and nothing to load (nothing to fail).
    const notInForm = ['open.flow.loadFailed', 'open.tab.en', 'open.tab.ru', 'open.tab.uzCyrl'];
    expect(states.covered).toEqual(states.all.filter((s) => !notInForm.includes(s)).sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = PathStep<Snapshot>;
  const none = () => {
    throw new Error('a station form has no such step');
  };
  const steps = {
    'dialog.open': (_w, e, _b, after) => expect(after.context.item).toBe(e.item ?? null),
    'dialog.change': (_w, e, _b, after) => expect(after.context.values).toMatchObject(e.values as object),
    'dialog.submit': (w, _e, before, after) => {
      const errors = validateStation(before.context.values);
      if (Object.keys(errors).length > 0) {
        expect(selectErrors(after)).toEqual(errors);
        expect(w.held).toEqual([]);
      }
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
    'xstate.error.actor.create': (_w, _e, _b, after) =>
      expect(selectErrors(after).name).toBe(STATION_NAME_TAKEN.message),
    'xstate.done.actor.update': (_w, _e, _b, after) => expect(selectIsOpen(after)).toBe(false),
    'xstate.error.actor.update': (_w, _e, _b, after) => expect(selectFailure(after)).toBe("Bo'lim topilmadi."),
  } satisfies Record<PathEventType<DialogEvent, 'loadOptions' | 'create' | 'update'>, Step>;

  it.each(paths.map((path, i) => [pathName(stationDialogModel, path, i), path] as const))('%s', async (_n, path) => {
    await replayPath(stationDialogMachine, stationDialogModel.input, ['loadOptions', 'create', 'update'], path, steps);
  });
});
