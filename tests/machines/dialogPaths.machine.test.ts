import { describe, expect, it, vi } from 'vitest';
import {
  type AnyActorRef,
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type SnapshotFrom,
} from 'xstate';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { categoryFormConfig } from '../../machines/categories/categoryForm.rules';
import { dialogMachine } from '../../machines/dialog/dialog.machine';
import { changedFields, hasChanges, trimmed } from '../../machines/dialog/dialog.rules';
import type { DialogConfig, DialogMode, FormValues, ItemFields } from '../../machines/dialog/dialog.types';
import { integrationFormConfig } from '../../machines/integration/integrationDialog.rules';
import { updateRestaurantConfig } from '../../machines/manager/updateRestaurant.rules';
import { managerFormConfig } from '../../machines/managers/managerForm.rules';
import { optionFormConfig, rowFormConfig } from '../../machines/options/optionForm.rules';
import { productFormConfig } from '../../machines/products/productForm.rules';
import { changePasswordConfig } from '../../machines/profile/changePassword.rules';
import { restaurantFormConfig } from '../../machines/restaurants/restaurantForm.rules';
import { byTransition, coverage, generatePaths, type ModelEvent, type PathModel, pathName } from '../support/paths';
import { flush } from './helpers';

/**
 * The generic create/edit dialog walked by generated paths in every one of its 9 dialogs (the UI path tests walk it on
 * the restaurant and category screens only). Per dialog: the paths of dialogMachine with that dialog's form config,
 * sample item and values; each path runs on a live actor whose calls (loadOptions, create, update) are held and
 * then answered as the path says. At every step the live actor must be in the path's state, and each event must do
 * what the dialog promises: validation errors from the config, only the changed fields on edit, no call for an
 * unchanged edit, the config's texts on success and failure.
 */

interface DialogCase {
  name: string;
  config: DialogConfig;
  /** An item to edit (absent: the dialog only creates). */
  item?: ItemFields;
  /** Does the dialog create (open without an item)? */
  creates: boolean;
  /** A change that makes the form valid and differs from the item. */
  valid: FormValues;
  /** A change that makes it invalid (absent: the form has no rule). */
  invalid?: FormValues;
}

const CASES: DialogCase[] = [
  {
    name: 'restaurant',
    config: restaurantFormConfig,
    creates: true,
    item: {
      _id: 'r1',
      name: 'Rayhon',
      slug: 'rayhon',
      address: 'Toshkent',
      phone_number: '+998 71 200 10 10',
      work_time: '09:00 - 23:00',
      manager_id: 'm1',
      is_active: true,
      bot_token: null,
      channel_id: null,
    },
    valid: {
      name: ' Bahor ',
      slug: 'bahor',
      address: 'Samarqand',
      phone_number: '+998 66 111 22 33',
      work_time: '10:00 - 22:00',
      manager_id: 'm2',
    },
    invalid: { name: '' },
  },
  {
    name: 'category',
    config: categoryFormConfig,
    creates: true,
    item: { _id: 'c1', title: 'K1', restaurant_id: 'r', is_active: true, position: 0 },
    valid: { title: 'Yangi kategoriya ' },
    invalid: { title: '  ' },
  },
  {
    name: 'manager',
    config: managerFormConfig,
    creates: true,
    item: { _id: 'm1', login: 'ali', is_active: true },
    valid: { login: 'vali', password: 'secret-123' },
    invalid: { login: '' },
  },
  {
    name: 'integration (create from the POS)',
    config: integrationFormConfig,
    creates: true,
    valid: { id: 'pos-7', manager_id: 'm1' },
    invalid: { manager_id: '' },
  },
  {
    name: "manager's restaurant (edit only)",
    config: updateRestaurantConfig,
    creates: false,
    item: { _id: 'r1', name: 'Rayhon', address: 'Toshkent', phone_number: '+998 71 200 10 10', work_time: '09:00' },
    valid: { name: 'Rayhon milliy taomlar', work_time: '08:00 - 23:00' },
  },
  {
    name: 'product',
    config: productFormConfig('c1'),
    creates: true,
    item: {
      _id: 'p1',
      name: 'Osh',
      price: 30000,
      description: '',
      is_active: true,
      images: [],
      category_id: 'c1',
    },
    valid: { name: 'Manti', price: '25000' },
    invalid: { name: '' },
  },
  {
    name: 'option',
    config: optionFormConfig,
    creates: true,
    item: { _id: 'o1', name: 'Hajmi', product_id: 'p1' },
    valid: { name: 'Rangi' },
    invalid: { name: '' },
  },
  {
    name: 'option row',
    config: rowFormConfig(() => 'o1'),
    creates: true,
    item: { _id: 'w1', name: 'Katta', price: 5000, product_option_id: 'o1' },
    valid: { name: 'Kichik', price: '3000' },
    invalid: { name: '' },
  },
  {
    name: 'change password (create only)',
    config: changePasswordConfig,
    creates: true,
    valid: { current_password: 'old-pass-1', new_password: 'new-pass-12', confirm_password: 'new-pass-12' },
    invalid: { new_password: '' },
  },
];

type Snapshot = SnapshotFrom<typeof dialogMachine>;

const modeOf = (s: Snapshot): DialogMode => (s.context.item ? 'edit' : 'create');
const facts = (s: Snapshot) => {
  const valid = Object.keys(s.context.config.validate(s.context.values, modeOf(s))).length === 0;
  return `${valid ? 'valid' : 'invalid'}${hasChanges(s.context.initial, s.context.values) ? '+changed' : ''}`;
};

function modelOf(c: DialogCase): PathModel<typeof dialogMachine> {
  const events: ModelEvent[] = [
    ...(c.creates ? [{ type: 'dialog.open' }] : []),
    ...(c.item ? [{ type: 'dialog.open', item: c.item }] : []),
    { type: 'dialog.change', values: c.valid },
    ...(c.invalid ? [{ type: 'dialog.change', values: c.invalid }] : []),
    { type: 'dialog.submit' },
    { type: 'dialog.close' },
    { type: 'dialog.retry' },
    { type: 'xstate.done.actor.loadOptions', output: { choices: ['a'] } },
    { type: 'xstate.error.actor.loadOptions', error: new ApiError(0, 'offline') },
    { type: 'xstate.done.actor.create', output: { _id: 'new' } },
    { type: 'xstate.error.actor.create', error: new ApiError(409, 'Bu nom band') },
    { type: 'xstate.done.actor.update', output: { _id: 'updated' } },
    { type: 'xstate.error.actor.update', error: new ApiError(500, 'Serverda xatolik') },
  ];
  return {
    name: `dialog (${c.name})`,
    machine: dialogMachine,
    input: { config: c.config },
    events,
    serializeState: (s, e, prev) =>
      `${byTransition(s, e, prev)} [${facts(s)}${prev ? ` <- ${facts(prev as Snapshot)}` : ''}]`,
  };
}

type CallId = 'loadOptions' | 'create' | 'update';

/** What the dialog is for (its input's scope): every call is given it. */
const SCOPE = { restaurantId: 'r1' };

/** A live dialog whose calls are held until the path answers them. */
function liveDialog(config: DialogConfig) {
  const calls: { id: CallId; input: unknown }[] = [];
  const held = new Map<CallId, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const holding = (id: CallId) =>
    fromPromise<unknown, unknown>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          calls.push({ id, input });
          held.set(id, { resolve, reject });
        }),
    );
  const notify = vi.fn();
  const saved = vi.fn();
  const machine = dialogMachine.provide({
    actors: { loadOptions: holding('loadOptions'), create: holding('create'), update: holding('update') } as never,
    actions: { notify: (_, params) => notify(params), saved: (_, params) => saved(params) },
  });
  const actor = createActor(machine, { input: { config, scope: SCOPE } }).start();
  return { actor: actor as AnyActorRef & { getSnapshot(): Snapshot }, calls, held, notify, saved };
}

describe.each(CASES)('dialog machine, generated paths: $name', (c) => {
  const model = modelOf(c);
  const paths = generatePaths(model);

  it('the sample item is valid and unchanged, the valid change makes a valid, changed form', () => {
    if (c.item) {
      const initial = c.config.fromItem(c.item);
      expect(c.config.validate(initial, 'edit')).toEqual({});
      expect(hasChanges(initial, { ...initial, ...c.valid })).toBe(true);
      expect(c.config.validate({ ...initial, ...c.valid }, 'edit')).toEqual({});
    }
    if (c.creates) expect(c.config.validate({ ...c.config.empty, ...c.valid }, 'create')).toEqual({});
    if (c.invalid) expect(c.config.validate({ ...c.config.empty, ...c.valid, ...c.invalid }, 'create')).not.toEqual({});
  });

  it('the paths reach every state the dialog can be in', () => {
    const { states } = coverage(model, paths);
    const reachable = states.all.filter((state) => {
      if (!c.creates && state.endsWith('creating')) return false;
      if (!c.creates && state === 'open.mode.create') return false;
      if (!c.item && (state.endsWith('updating') || state === 'open.mode.edit')) return false;
      // These forms' restaurants offer Uzbek alone: no other tab (walked in dialogTabs.machine.test.ts).
      if (state.startsWith('open.tab.') && state !== 'open.tab.uz') return false;
      return true;
    });
    expect(states.covered).toEqual(expect.arrayContaining(reachable));
  });

  it.each(paths.map((path, i) => [pathName(model, path, i), path] as const))('%s', async (_name, path) => {
    const live = liveDialog(c.config);
    let replayed = getInitialSnapshot(dialogMachine, { config: c.config }) as Snapshot;
    expect(live.actor.getSnapshot().value).toEqual(replayed.value);
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const before = live.actor.getSnapshot();
      const callsBefore = live.calls.length;
      const notified = live.notify.mock.calls.length;
      const answer = event.type.match(/^xstate\.(done|error)\.actor\.(\w+)$/);
      if (answer) {
        const call = live.held.get(answer[2] as CallId)!;
        expect(call, `a running ${answer[2]} call`).toBeDefined();
        live.held.delete(answer[2] as CallId);
        if (answer[1] === 'done') call.resolve(event.output);
        else call.reject(event.error);
      } else {
        live.actor.send(event);
      }
      await flush();
      replayed = getNextSnapshot(dialogMachine, replayed, event as never) as Snapshot;
      const after = live.actor.getSnapshot();
      expect(after.value, `after ${event.type}`).toEqual(replayed.value);
      expect(after.context.values).toEqual(replayed.context.values);

      // What each step must do, beyond the state.
      const newCalls = live.calls.slice(callsBefore);
      if (after.matches({ open: { flow: { saving: 'creating' } } }) && newCalls.length > 0) {
        expect(newCalls).toEqual([
          { id: 'create', input: { item: null, values: trimmed(after.context.values), scope: SCOPE } },
        ]);
      }
      if (after.matches({ open: { flow: { saving: 'updating' } } }) && newCalls.length > 0) {
        const changes = changedFields(after.context.initial, after.context.values);
        expect(Object.keys(changes).length).toBeGreaterThan(0);
        expect(newCalls).toEqual([{ id: 'update', input: { item: c.item, values: changes, scope: SCOPE } }]);
      }
      if (event.type === 'dialog.submit' && !after.matches({ open: { flow: 'saving' } })) {
        expect(newCalls).toEqual([]);
        const errors = c.config.validate(before.context.values, modeOf(before));
        if (Object.keys(errors).length > 0) expect(after.context.errors).toEqual(errors);
        else
          expect(live.notify).toHaveBeenLastCalledWith({
            kind: 'info',
            text: c.config.messages.noChanges ?? uz.noChanges,
          });
      }
      if (answer?.[2] === 'create' || answer?.[2] === 'update') {
        const messages = c.config.messages;
        const created = answer[2] === 'create';
        expect(live.notify.mock.calls.length).toBe(notified + 1);
        if (answer[1] === 'done') {
          expect(after.matches('closed')).toBe(true);
          expect(live.notify).toHaveBeenLastCalledWith({
            kind: 'success',
            text: created ? messages.created : messages.updated,
          });
          expect(live.saved).toHaveBeenLastCalledWith({ output: event.output });
        } else {
          expect(after.matches({ open: { flow: 'failed' } })).toBe(true);
          expect(after.context.failure).toBe((event.error as ApiError).message);
          expect(live.notify).toHaveBeenLastCalledWith({
            kind: 'error',
            text: created ? messages.createFailed : messages.updateFailed,
          });
        }
      }
      if (event.type === 'dialog.open') {
        expect(newCalls).toEqual([
          { id: 'loadOptions', input: { item: c.item && event.item ? c.item : null, scope: SCOPE } },
        ]);
        expect(after.context.values).toEqual(event.item ? c.config.fromItem(c.item!) : c.config.empty);
      }
    }
    live.actor.stop();
  });
});
