import type { EventObject, SnapshotFrom } from 'xstate';
import { ApiError } from '../../../client/client';
import { type DigestTimeEvent, digestTimeMachine } from '../../../machines/restaurants/digestTime.machine';
import { isValidDigestForm } from '../../../machines/restaurants/digestTime.rules';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';

/**
 * "Kunlik hisobot" on the restaurant page as a test plan. The restaurant's digest goes at 23:00. The plan switches
 * the digest off and on, moves it to 08:30, clears the time (which holds a save until corrected), and saves (stored,
 * or refused by the server). After a save went through only another save is walked: the answer the screen got is the
 * server's, not the plan's sample.
 */

export const DIGEST_RESTAURANT = { digest_time: '23:00' } as const;

/** The server's refusal the plan walks (the screen's network answers it: tests/ui/support/network.ts). */
export const DIGEST_REFUSED = new ApiError(400, 'Sinov xatosi');

type Snapshot = SnapshotFrom<typeof digestTimeMachine>;
const isValid = (snapshot: unknown) => isValidDigestForm((snapshot as Snapshot).context.values);

export const digestTimeModel: PathModel<typeof digestTimeMachine> = {
  name: 'digestTime',
  machine: digestTimeMachine,
  input: { slug: 'rayhon', restaurant: DIGEST_RESTAURANT },
  events: [
    { type: 'digest.switch', on: false },
    { type: 'digest.switch', on: true },
    { type: 'digest.time', value: '08:30' },
    { type: 'digest.time', value: '' },
    { type: 'digest.save' },
    { type: 'xstate.done.actor.saveDigest', output: DIGEST_RESTAURANT },
    { type: 'xstate.error.actor.saveDigest', error: DIGEST_REFUSED },
  ] satisfies Array<ModelEvent & { type: DigestTimeEvent['type'] | ActorEventType<'saveDigest'> }>,
  // byTransition, with whether the time passes the form's check: a save then goes to the server or stays to be
  // corrected, two outcomes of one event.
  serializeState: (snapshot, event, previous) =>
    `${byTransition(snapshot, event as EventObject | undefined, previous)} ${isValid(snapshot) ? 'valid' : 'invalid'}`,
  filterEvents: (s, e) => {
    const values = s.context.values;
    // After a save went through the screen holds the server's answer: only what does not depend on it is walked.
    if (s.matches('saved')) return e.type === 'digest.save';
    if (e.type === 'digest.switch') return e.on !== values.on;
    if (e.type === 'digest.time') return e.value !== values.time;
    return true;
  },
  describeEvent: (e) => {
    switch (e.type) {
      case 'digest.switch':
        return `turn 'Kunlik hisobotni yuborish' ${e.on ? 'on' : 'off'}`;
      case 'digest.time':
        return e.value === '' ? "clear 'Hisobot vaqti'" : `set 'Hisobot vaqti' to ${String(e.value)}`;
      default:
        return (
          {
            'digest.save': "press 'Hisobot vaqtini saqlash'",
            'xstate.done.actor.saveDigest': 'the server stores it',
            'xstate.error.actor.saveDigest': 'the server refuses it',
          }[e.type] ?? e.type
        );
    }
  },
};
