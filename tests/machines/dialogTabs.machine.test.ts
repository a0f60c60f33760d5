import { describe, expect, it } from 'vitest';
import {
  type AnyActorRef,
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type SnapshotFrom,
} from 'xstate';
import { ApiError } from '../../client/client';
import { categoryFormConfig } from '../../machines/categories/categoryForm.rules';
import { dialogMachine } from '../../machines/dialog/dialog.machine';
import { changedFields } from '../../machines/dialog/dialog.rules';
import { selectLanguages, selectTab, selectTranslationPlaceholder } from '../../machines/dialog/dialog.selectors';
import { updateRestaurantConfig } from '../../machines/manager/updateRestaurant.rules';
import { withWholeLanguages } from '../../machines/shared/translations.rules';
import { byTransition, coverage, generatePaths, type ModelEvent, type PathModel, pathName } from '../support/paths';
import { flush } from './helpers';

/**
 * The language tabs of the generic dialog, walked by generated paths on the category form of a restaurant
 * offering uz, uz-Cyrl and ru: which tab is open is the machine's state (every opening starts on Uzbek Latin, a tab
 * of a language not offered never opens, an invalid submit shows the Uzbek fields), and an edit sends the changed
 * languages only, each whole.
 */

type Snapshot = SnapshotFrom<typeof dialogMachine>;
const LANGUAGES = ['uz', 'uz-Cyrl', 'ru'] as const;
const ITEM = { _id: 'c1', title: 'Salatlar', is_active: true, translations: { ru: { title: 'Салаты' } } };

const tabOf = (s: Snapshot) => selectTab(s);
const model: PathModel<typeof dialogMachine> = {
  name: 'dialog tabs (category form, uz + uz-Cyrl + ru)',
  machine: dialogMachine,
  input: { config: categoryFormConfig, languages: LANGUAGES },
  events: [
    { type: 'dialog.open' },
    { type: 'dialog.open', item: ITEM },
    { type: 'dialog.tab', language: 'uz-Cyrl' },
    { type: 'dialog.tab', language: 'ru' },
    { type: 'dialog.tab', language: 'en' },
    { type: 'dialog.tab', language: 'uz' },
    { type: 'dialog.change', values: { 'ru.title': 'Закуски' } },
    { type: 'dialog.change', values: { 'ru.title': '' } },
    { type: 'dialog.change', values: { title: '' } },
    { type: 'dialog.submit' },
    { type: 'dialog.close' },
    { type: 'xstate.done.actor.loadOptions', output: null },
    { type: 'xstate.done.actor.create', output: { _id: 'new' } },
    { type: 'xstate.done.actor.update', output: { _id: 'c1' } },
    { type: 'xstate.error.actor.update', error: new ApiError(400, '"translations.ru.title" juda uzun') },
  ],
  // The tab and the sent values are what these paths are about: a state is its value, tab included, and the values.
  serializeState: (s, e, prev) => `${byTransition(s, e, prev)} ${JSON.stringify((s as Snapshot).context.values)}`,
};

function live() {
  const calls: Array<{ id: string; input: unknown }> = [];
  const held = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const holding = (id: string) =>
    fromPromise<unknown, unknown>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          calls.push({ id, input });
          held.set(id, { resolve, reject });
        }),
    );
  const machine = dialogMachine.provide({
    actors: { loadOptions: holding('loadOptions'), create: holding('create'), update: holding('update') } as never,
  });
  const actor = createActor(machine, { input: { config: categoryFormConfig, languages: LANGUAGES } }).start();
  return { actor: actor as AnyActorRef & { getSnapshot(): Snapshot }, calls, held };
}

describe('dialog language tabs: generated paths', () => {
  const paths = generatePaths(model);

  it('the paths open every offered tab, and never the tab of a language not offered', () => {
    const tabs = new Set(paths.flatMap((path) => path.steps.map((step) => tabOf(step.state as Snapshot))));
    expect([...tabs].sort()).toEqual(['ru', 'uz', 'uz-Cyrl']);
  });

  it('the paths reach every tab state of the offered languages (the state nodes the coverage counts)', () => {
    const { states } = coverage(model, paths);
    expect(states.covered).toEqual(expect.arrayContaining(['open.tab.uz', 'open.tab.uzCyrl', 'open.tab.ru']));
    expect(states.covered).not.toContain('open.tab.en');
  });

  it.each(paths.map((path, i) => [pathName(model, path, i), path] as const))('%s', async (_name, path) => {
    const dialog = live();
    let replayed = getInitialSnapshot(dialogMachine, model.input as never) as Snapshot;
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const before = dialog.actor.getSnapshot();
      const callsBefore = dialog.calls.length;
      const answer = event.type.match(/^xstate\.(done|error)\.actor\.(\w+)$/);
      if (answer) {
        const call = dialog.held.get(answer[2]!)!;
        dialog.held.delete(answer[2]!);
        if (answer[1] === 'done') call.resolve(event.output);
        else call.reject(event.error);
      } else dialog.actor.send(event);
      await flush();
      replayed = getNextSnapshot(dialogMachine, replayed, event as never) as Snapshot;
      const after = dialog.actor.getSnapshot();
      expect(after.value).toEqual(replayed.value);

      if (event.type === 'dialog.open') {
        expect(tabOf(after)).toBe('uz');
        expect(selectLanguages(after)).toEqual(LANGUAGES);
        expect(after.context.values['ru.title']).toBe(event.item ? 'Салаты' : '');
      }
      if (event.type === 'dialog.tab') {
        const offered = (LANGUAGES as readonly string[]).includes(String(event.language));
        expect(tabOf(after)).toBe(offered ? event.language : tabOf(before));
      }
      if (event.type === 'dialog.submit' && Object.keys(after.context.errors).length > 0) {
        // The rule that failed is an Uzbek field's: its tab is shown.
        expect(tabOf(after)).toBe('uz');
      }
      const [call] = dialog.calls.slice(callsBefore);
      if (call?.id === 'update') {
        const changes = changedFields(after.context.initial, after.context.values);
        expect((call.input as { values: unknown }).values).toEqual(withWholeLanguages(changes, after.context.values));
      }
      if (call?.id === 'create') {
        expect((call.input as { values: Record<string, unknown> }).values['ru.title']).toBe(
          String(after.context.values['ru.title']).trim(),
        );
      }
    }
    dialog.actor.stop();
  });
});

describe('dialog language tabs: examples', () => {
  it('the Uzbek Cyrillic placeholder is the transliterated Latin text', async () => {
    const dialog = live();
    dialog.actor.send({ type: 'dialog.open', item: { _id: 'c1', title: "Sho'rva", is_active: true } });
    expect(selectTranslationPlaceholder(dialog.actor.getSnapshot(), 'uz-Cyrl', 'title')).toBe('Шўрва');
    expect(selectTranslationPlaceholder(dialog.actor.getSnapshot(), 'ru', 'title')).toBe('');
    dialog.actor.stop();
  });

  it('with one language there is no other tab to open', () => {
    const snapshot = getInitialSnapshot(dialogMachine, { config: categoryFormConfig });
    const open = getNextSnapshot(dialogMachine, snapshot, { type: 'dialog.open' });
    expect(selectLanguages(open)).toEqual(['uz']);
    expect(open.can({ type: 'dialog.tab', language: 'ru' })).toBe(false);
  });

  it('a restaurant form chooses its languages; its tabs follow, and a language turned off closes its tab', async () => {
    const machine = dialogMachine.provide({ actors: { loadOptions: fromPromise(async () => null) } as never });
    const actor = createActor(machine, { input: { config: updateRestaurantConfig } }).start();
    actor.send({
      type: 'dialog.open',
      item: {
        _id: 'r1',
        name: 'Rayhon',
        address: 'A',
        phone_number: '+998 71 200 10 10',
        work_time: '9-23',
        languages: ['uz'],
      } as never,
    });
    await flush();
    expect(selectLanguages(actor.getSnapshot())).toEqual(['uz']);
    actor.send({ type: 'dialog.languages.toggle', language: 'uz' });
    actor.send({ type: 'dialog.languages.toggle', language: 'ru' });
    actor.send({ type: 'dialog.languages.toggle', language: 'en' });
    expect(actor.getSnapshot().context.values.languages).toBe('uz,ru,en');
    actor.send({ type: 'dialog.languages.move', language: 'ru', by: -1 });
    expect(selectLanguages(actor.getSnapshot())).toEqual(['ru', 'uz', 'en']);
    actor.send({ type: 'dialog.tab', language: 'en' });
    expect(selectTab(actor.getSnapshot())).toBe('en');
    actor.send({ type: 'dialog.languages.toggle', language: 'en' });
    expect(selectTab(actor.getSnapshot())).toBe('uz');
    expect(actor.getSnapshot().can({ type: 'dialog.tab', language: 'en' })).toBe(false);
    actor.stop();
  });

  it('a category form has no languages of its own to choose', () => {
    const snapshot = getInitialSnapshot(dialogMachine, { config: categoryFormConfig, languages: LANGUAGES });
    const open = getNextSnapshot(dialogMachine, snapshot, { type: 'dialog.open' });
    expect(open.can({ type: 'dialog.languages.toggle', language: 'en' })).toBe(false);
  });
});

/** The manager's restaurant form: it chooses the languages its own tabs follow. */
const restaurantModel: PathModel<typeof dialogMachine> = {
  name: 'dialog tabs (Update Restaurant, choosing the languages)',
  machine: dialogMachine,
  input: { config: updateRestaurantConfig },
  events: [
    {
      type: 'dialog.open',
      item: {
        _id: 'r1',
        name: 'Rayhon',
        address: 'A',
        phone_number: '+998 71 200 10 10',
        work_time: '9-23',
        languages: ['uz'],
      },
    },
    { type: 'dialog.languages.toggle', language: 'ru' },
    { type: 'dialog.languages.toggle', language: 'uz' },
    { type: 'dialog.languages.move', language: 'ru', by: -1 },
    { type: 'dialog.tab', language: 'ru' },
    { type: 'dialog.tab', language: 'en' },
    { type: 'dialog.submit' },
    { type: 'xstate.done.actor.loadOptions', output: null },
    { type: 'xstate.error.actor.update', error: new ApiError(400, 'Xato') },
  ],
  serializeState: (s, e, prev) => `${byTransition(s, e, prev)} ${(s as Snapshot).context.values.languages}`,
};

describe('dialog language tabs: generated paths of a restaurant form', () => {
  const paths = generatePaths(restaurantModel);

  it('the paths open the Русский tab once it is chosen, and leave it when it is turned off', () => {
    const { states } = coverage(restaurantModel, paths);
    expect(states.covered).toEqual(expect.arrayContaining(['open.tab.uz', 'open.tab.ru']));
    const leaves = paths.some((path) =>
      path.steps.some(
        (step, i) =>
          i > 0 &&
          step.event.type === 'dialog.languages.toggle' &&
          tabOf(path.steps[i - 1]!.state as Snapshot) === 'ru' &&
          tabOf(step.state as Snapshot) === 'uz',
      ),
    );
    expect(leaves).toBe(true);
  });

  it.each(paths.map((path, i) => [pathName(restaurantModel, path, i), path] as const))('%s', (_name, path) => {
    let s = getInitialSnapshot(dialogMachine, restaurantModel.input as never) as Snapshot;
    for (const step of path.steps.slice(1)) {
      s = getNextSnapshot(dialogMachine, s, step.event as never) as Snapshot;
      // Whatever happens, the tab shown is one the form offers, and Uzbek Latin is always offered.
      expect(selectLanguages(s)).toContain(tabOf(s));
      expect(selectLanguages(s)).toContain('uz');
    }
  });
});
