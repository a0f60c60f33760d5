import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { uzTelegram } from '../../lib/uz-telegram';
import { type TelegramStaffEvent, telegramStaffMachine } from '../../machines/restaurants/telegramStaff.machine';
import {
  selectEntries,
  selectIsSaving,
  selectSaveResult,
  selectUnsaved,
} from '../../machines/restaurants/telegramStaff.selectors';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { STAFF_REFUSED, telegramStaffModel } from '../ui/models/telegram.model';
import { flush, pending, rejecting, resolving } from './helpers';
import { type PathStep, replayPath } from './replay-path';

/** "Tugmalarni bosa oladiganlar" on the restaurant page: the telegramStaff machine. */

type Snapshot = SnapshotFrom<typeof telegramStaffMachine>;

function start(
  loadStaff: AnyActorLogic = resolving(['123456789']).logic,
  saveStaff: AnyActorLogic = resolving((i: { staff: string[] }) => i.staff).logic,
) {
  const machine = telegramStaffMachine.provide({ actors: { loadStaff, saveStaff } as never });
  return createActor(machine, { input: { restaurantId: 'r1' } }).start();
}

describe('telegramStaff machine: examples', () => {
  it('loads the list, adds a typed entry, removes one and saves the list as the server stored it', async () => {
    const save = resolving(() => ['@ali_ofitsiant']);
    const actor = start(undefined, save.logic);
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectEntries(actor.getSnapshot())).toEqual(['123456789']);
    // Nothing typed, or what the list holds already: nothing to add.
    expect(actor.getSnapshot().can({ type: 'staff.add' })).toBe(false);
    actor.send({ type: 'staff.type', value: ' 123456789 ' });
    expect(actor.getSnapshot().can({ type: 'staff.add' })).toBe(false);
    actor.send({ type: 'staff.type', value: ' @Ali_Ofitsiant ' });
    actor.send({ type: 'staff.add' });
    expect(selectEntries(actor.getSnapshot())).toEqual(['123456789', '@Ali_Ofitsiant']);
    expect(actor.getSnapshot().context.draft).toBe('');
    actor.send({ type: 'staff.remove', entry: '123456789' });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'staff.save' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    // While it saves the list cannot change.
    expect(actor.getSnapshot().can({ type: 'staff.remove', entry: '@Ali_Ofitsiant' })).toBe(false);
    await flush();
    expect(save.probe.inputs).toEqual([{ restaurantId: 'r1', staff: ['@Ali_Ofitsiant'] }]);
    expect(selectEntries(actor.getSnapshot())).toEqual(['@ali_ofitsiant']);
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: true, message: uzTelegram.telegramStaffSaved });
  });

  it.each([
    ['the 400 naming the entry', STAFF_REFUSED, STAFF_REFUSED.message],
    ['no answer at all', new ApiError(0, uz.networkError), uz.networkError],
    ['anything else', new Error('boom'), uzTelegram.telegramStaffSaveFailed],
  ])('a refused save keeps the list as typed and shows why: %s', async (_n, error, shown) => {
    const actor = start(
      undefined,
      fromPromise(async () => {
        throw error;
      }),
    );
    await flush();
    actor.send({ type: 'staff.type', value: 'ali ofitsiant' });
    actor.send({ type: 'staff.add' });
    actor.send({ type: 'staff.save' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: false, message: shown });
    expect(selectEntries(actor.getSnapshot())).toEqual(['123456789', 'ali ofitsiant']);
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    // Correcting the list takes the old reason away.
    actor.send({ type: 'staff.remove', entry: 'ali ofitsiant' });
    expect(selectSaveResult(actor.getSnapshot())).toBeNull();
  });

  it('a failed load says why and loads again on retry', async () => {
    const actor = start(rejecting(500, 'Serverda xatolik').logic);
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe('Serverda xatolik');
    expect(actor.getSnapshot().can({ type: 'staff.save' })).toBe(false);
    actor.send({ type: 'staff.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('leaving the page stops the call', () => {
    const hanging = pending();
    const actor = start(hanging.logic);
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('telegramStaff machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(telegramStaffModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(telegramStaffModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = PathStep<Snapshot>;
  /** What each event does and what it must leave behind; a new event of the machine needs its entry here. */
  const steps = {
    'xstate.done.actor.loadStaff': (_w, e, _b, after) => {
      expect(selectEntries(after)).toEqual(e.output);
      expect(selectUnsaved(after)).toBe(false);
    },
    'xstate.error.actor.loadStaff': (_w, e, _b, after) => {
      expect(after.context.error).toBe((e.error as ApiError).message);
    },
    'staff.retry': (w, _e, _b, after) => {
      expect(w.held.map((c) => c.id)).toEqual(['loadStaff']);
      expect(after.context.error).toBeNull();
    },
    'staff.type': (_w, e, _b, after) => {
      expect(after.context.draft).toBe(e.value);
      expect(selectSaveResult(after)).toBeNull();
    },
    'staff.add': (_w, _e, before, after) => {
      expect(selectEntries(after)).toEqual([...selectEntries(before), before.context.draft.trim()]);
      expect(after.context.draft).toBe('');
    },
    'staff.remove': (_w, e, before, after) => {
      expect(selectEntries(after)).toEqual(selectEntries(before).filter((x) => x !== e.entry));
      expect(selectSaveResult(after)).toBeNull();
    },
    'staff.save': (w, _e, before, after) => {
      expect(w.held.map((c) => c.input)).toEqual([{ restaurantId: 'r1', staff: selectEntries(before) }]);
      expect(selectIsSaving(after)).toBe(true);
      expect(selectSaveResult(after)).toBeNull();
    },
    'xstate.done.actor.saveStaff': (_w, e, _b, after) => {
      expect(selectEntries(after)).toEqual(e.output);
      expect(selectSaveResult(after)).toEqual({ ok: true, message: uzTelegram.telegramStaffSaved });
    },
    'xstate.error.actor.saveStaff': (_w, e, before, after) => {
      expect(selectSaveResult(after)).toEqual({ ok: false, message: (e.error as ApiError).message });
      expect(selectEntries(after)).toBe(selectEntries(before));
    },
  } satisfies Record<PathEventType<TelegramStaffEvent, 'loadStaff' | 'saveStaff'>, Step>;

  it.each(paths.map((path, i) => [pathName(telegramStaffModel, path, i), path] as const))('%s', async (_n, path) => {
    await replayPath(telegramStaffMachine, telegramStaffModel.input!, ['loadStaff', 'saveStaff'], path, steps);
  });
});
