import { type ActorRefFrom, assign, setup } from 'xstate';
import { ApiError } from '../../client/client';
import { uzTelegram } from '../../lib/uz-telegram';
import { withFieldLabels } from '../shared/errors';
import { digestTimeActors } from './digestTime.actors';
import { type DigestForm, digestFormOf, isValidDigestForm, toDigestChange } from './digestTime.rules';

/**
 * The restaurant page's "Kunlik hisobot": whether the day's digest goes to the Telegram channel and when, started
 * from the restaurant the page read, saved as one change. A time that is not "HH:MM" holds the save (marked from the
 * first save asked for); the server's refusal is shown with the form kept as typed.
 */

export interface DigestTimeInput {
  slug: string;
  /** The restaurant as read: its `digest_time` (absent: the server's default). */
  restaurant: { digest_time?: unknown };
}

export interface DigestTimeContext {
  slug: string;
  /** As the server last stored it. */
  stored: DigestForm;
  /** As typed. */
  values: DigestForm;
  /** A save was asked for: the time's error is shown from then on. */
  showErrors: boolean;
  /** The last refused save's sentence; null otherwise. */
  error: string | null;
}

export type DigestTimeEvent =
  | { type: 'digest.switch'; on: boolean }
  | { type: 'digest.time'; value: string }
  | { type: 'digest.save' };

/** The server names the field by its API key; the panel by its label. */
const FIELD_LABELS = { digest_time: uzTelegram.digestTime };

/** The server's sentence (a 400 names what is wrong; no answer is the client's networkError), or a general one. */
export function digestFailure(error: unknown): string {
  return error instanceof ApiError && error.message
    ? withFieldLabels(error.message, FIELD_LABELS)
    : uzTelegram.digestSaveFailed;
}

type On<E extends DigestTimeEvent['type']> = { event: Extract<DigestTimeEvent, { type: E }> };

/** What every state with the form on screen accepts; an edit takes the last save's result away. */
const onForm = {
  'digest.switch': {
    target: 'editing',
    actions: { type: 'edit', params: ({ event }: On<'digest.switch'>) => ({ on: event.on }) },
  },
  'digest.time': {
    target: 'editing',
    guard: 'isOn',
    actions: { type: 'edit', params: ({ event }: On<'digest.time'>) => ({ time: event.value }) },
  },
  'digest.save': [
    { guard: 'formValid', target: 'saving' },
    { target: 'editing', actions: 'showErrors' },
  ],
} as const;

export const digestTimeMachine = setup({
  types: {
    context: {} as DigestTimeContext,
    events: {} as DigestTimeEvent,
    input: {} as DigestTimeInput,
  },
  actors: digestTimeActors,
  guards: {
    formValid: ({ context }) => isValidDigestForm(context.values),
    /** The time is only edited while the digest is on (the input is disabled otherwise). */
    isOn: ({ context }) => context.values.on,
  },
  actions: {
    edit: assign(({ context }, change: Partial<DigestForm>) => ({ values: { ...context.values, ...change } })),
    showErrors: assign({ showErrors: true }),
    takeStored: assign((_, restaurant: DigestTimeInput['restaurant']) => {
      const stored = digestFormOf(restaurant);
      return { stored, values: stored, showErrors: false };
    }),
  },
}).createMachine({
  id: 'digestTime',
  context: ({ input }) => {
    const stored = digestFormOf(input.restaurant);
    return { slug: input.slug, stored, values: stored, showErrors: false, error: null };
  },
  initial: 'editing',
  states: {
    editing: {
      entry: assign({ error: null }),
      on: onForm,
    },
    saving: {
      invoke: {
        id: 'saveDigest',
        src: 'saveDigest',
        input: ({ context }) => ({ slug: context.slug, change: toDigestChange(context.values) }),
        onDone: { target: 'saved', actions: { type: 'takeStored', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => digestFailure(event.error) }) },
      },
    },
    /** Stored: said under the form until the next edit. */
    saved: { on: onForm },
    /** Refused: the form stays as typed with the server's reason, to be corrected and saved again. */
    failed: { on: onForm },
  },
});

export type DigestTimeActor = ActorRefFrom<typeof digestTimeMachine>;
