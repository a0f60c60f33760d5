import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor } from 'xstate';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { uzTelegram } from '../../lib/uz-telegram';
import type { SaveDigestInput } from '../../machines/restaurants/digestTime.actors';
import { type DigestTimeEvent, digestTimeMachine } from '../../machines/restaurants/digestTime.machine';
import { digestFormOf, toDigestChange } from '../../machines/restaurants/digestTime.rules';
import {
  selectIsSaving,
  selectSaveResult,
  selectTimeError,
  selectUnsaved,
} from '../../machines/restaurants/digestTime.selectors';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { DIGEST_REFUSED, DIGEST_RESTAURANT, digestTimeModel } from '../ui/models/digestTime.model';
import { flush, pending, resolving } from './helpers';
import { type PathStep, replayPath } from './replay-path';

/** "Kunlik hisobot" on the restaurant page: the digestTime machine and its form rules. */

/** The server's own refusal of a time that is not HH:MM (server/messages/insights.ts). */
const SERVER_REFUSAL = "Hisobot vaqti SS:DD ko'rinishida bo'lishi kerak (masalan, 23:00).";

function start(
  saveDigest: AnyActorLogic = resolving((input: SaveDigestInput) => input.change).logic,
  restaurant: { digest_time?: unknown } = DIGEST_RESTAURANT,
) {
  const machine = digestTimeMachine.provide({ actors: { saveDigest } as never });
  return createActor(machine, { input: { slug: 'rayhon', restaurant } }).start();
}

describe('the digest form rules', () => {
  it('a stored time is on; null is off with 23:00 ready; an older read without the field has the default', () => {
    expect(digestFormOf({ digest_time: '08:30' })).toEqual({ on: true, time: '08:30' });
    expect(digestFormOf({ digest_time: null })).toEqual({ on: false, time: '23:00' });
    expect(digestFormOf({})).toEqual({ on: true, time: '23:00' });
    expect(toDigestChange({ on: false, time: '08:30' })).toEqual({ digest_time: null });
    expect(toDigestChange({ on: true, time: '08:30' })).toEqual({ digest_time: '08:30' });
  });
});

describe('digestTime machine: examples', () => {
  it('saves a new time by slug, then holds what the server stored', async () => {
    const save = resolving((input: SaveDigestInput) => ({ ...input.change, name: 'Rayhon' }));
    const actor = start(save.logic);
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'digest.time', value: '08:30' });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'digest.save' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    // While it saves the form cannot change.
    expect(actor.getSnapshot().can({ type: 'digest.switch', on: false })).toBe(false);
    await flush();
    expect(save.probe.inputs).toEqual([{ slug: 'rayhon', change: { digest_time: '08:30' } }]);
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: true, message: uzTelegram.digestSaved('08:30') });
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    // The next edit takes the result away.
    actor.send({ type: 'digest.switch', on: false });
    expect(selectSaveResult(actor.getSnapshot())).toBeNull();
  });

  it('switched off it sends null and says no digest goes; the time comes back when switched on', async () => {
    const save = resolving((input: SaveDigestInput) => input.change);
    const actor = start(save.logic);
    actor.send({ type: 'digest.switch', on: false });
    // The time is not edited while the digest is off.
    expect(actor.getSnapshot().can({ type: 'digest.time', value: '09:00' })).toBe(false);
    actor.send({ type: 'digest.save' });
    await flush();
    expect(save.probe.inputs).toEqual([{ slug: 'rayhon', change: { digest_time: null } }]);
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: true, message: uzTelegram.digestSaved(null) });
    expect(selectSaveResult(actor.getSnapshot())?.message).toBe('Saqlandi: kunlik hisobot yuborilmaydi.');
    actor.send({ type: 'digest.switch', on: true });
    expect(actor.getSnapshot().context.values).toEqual({ on: true, time: '23:00' });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
  });

  it('a cleared time holds the save, marked from then on; a time, or switching off, takes the mark away', () => {
    const save = resolving({});
    const actor = start(save.logic);
    actor.send({ type: 'digest.time', value: '' });
    // Nothing is marked before a save is asked for.
    expect(selectTimeError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'digest.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(save.probe.inputs).toEqual([]);
    expect(selectTimeError(actor.getSnapshot())).toBe(uzTelegram.digestTimeInvalid);
    actor.send({ type: 'digest.switch', on: false });
    expect(selectTimeError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'digest.switch', on: true });
    expect(selectTimeError(actor.getSnapshot())).toBe(uzTelegram.digestTimeInvalid);
    actor.send({ type: 'digest.time', value: '07:00' });
    expect(selectTimeError(actor.getSnapshot())).toBeNull();
  });

  it.each([
    ["the server's 400 on the time, as it says it", new ApiError(400, SERVER_REFUSAL), SERVER_REFUSAL],
    [
      'a 400 naming the field, with its label',
      new ApiError(400, `"digest_time" maydoni noto'g'ri`),
      `"${uzTelegram.digestTime}" maydoni noto'g'ri`,
    ],
    ['no answer at all', new ApiError(0, uz.networkError), uz.networkError],
    ['anything else', new Error('boom'), uzTelegram.digestSaveFailed],
  ])('a refused save keeps the form as typed and shows why: %s', async (_n, error, shown) => {
    const refused = start(
      resolving(() => {
        throw error;
      }).logic,
    );
    refused.send({ type: 'digest.time', value: '06:15' });
    refused.send({ type: 'digest.save' });
    await flush();
    expect(refused.getSnapshot().value).toBe('failed');
    expect(selectSaveResult(refused.getSnapshot())).toEqual({ ok: false, message: shown });
    expect(refused.getSnapshot().context.values).toEqual({ on: true, time: '06:15' });
    expect(selectUnsaved(refused.getSnapshot())).toBe(true);
  });

  it('a restaurant without a digest starts switched off', () => {
    const actor = start(undefined, { digest_time: null });
    expect(actor.getSnapshot().context.values).toEqual({ on: false, time: '23:00' });
  });

  it('leaving the page while it saves cancels the call', async () => {
    const save = pending();
    const actor = start(save.logic);
    actor.send({ type: 'digest.save' });
    await flush();
    actor.stop();
    expect(save.probe.aborted).toBe(1);
  });
});

const paths = generatePaths(digestTimeModel);

describe('digestTime machine: the generated paths', () => {
  it('walk every state and transition of the plan', () => {
    const cover = coverage(digestTimeModel, paths);
    expect(cover.states.covered).toEqual(expect.arrayContaining(cover.states.all));
    expect(cover.transitions.covered).toEqual(cover.transitions.all);
  });

  const steps = {
    'digest.switch': (_w, e, _b, after) => expect(after.context.values.on).toBe(e.on),
    'digest.time': (_w, e, _b, after) => expect(after.context.values.time).toBe(e.value),
    'digest.save': (world, _e, before) => {
      if (before.matches('saving')) return;
      const call = world.held.at(-1);
      if (call) expect(call.input).toEqual({ slug: 'rayhon', change: toDigestChange(before.context.values) });
    },
    'xstate.done.actor.saveDigest': (_w, _e, _b, after) => expect(selectSaveResult(after)?.ok).toBe(true),
    'xstate.error.actor.saveDigest': (_w, _e, before, after) => {
      expect(selectSaveResult(after)).toEqual({ ok: false, message: DIGEST_REFUSED.message });
      expect(after.context.values).toEqual(before.context.values);
    },
  } satisfies Record<
    PathEventType<DigestTimeEvent, 'saveDigest'>,
    PathStep<ReturnType<ReturnType<typeof start>['getSnapshot']>>
  >;

  paths.forEach((path, index) => {
    it(pathName(digestTimeModel, path, index), () =>
      replayPath(digestTimeMachine, digestTimeModel.input, ['saveDigest'], path, steps),
    );
  });
});
