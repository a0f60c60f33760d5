import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../client/client';
import type { Table } from '../../client/tables';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { uzOrdering } from '../../lib/uz-ordering';
import { selectErrors, selectFailure } from '../../machines/dialog/dialog.selectors';
import { type ConfirmDeleteOutput, confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { statusOf } from '../../machines/shared/errors';
import { tableBulkDialogActors } from '../../machines/tables/tableDialog.actors';
import { tableBulkDialogMachine, tableDialogMachine } from '../../machines/tables/tableDialog.machine';
import {
  BULK_MAX,
  tableBulkFormConfig,
  tableFormConfig,
  toBulkRange,
  validateBulk,
  validateTableName,
  wholeNumber,
} from '../../machines/tables/tableForm.rules';
import { type TableListInput, tableListMachine } from '../../machines/tables/tableList.machine';
import {
  selectCanAdd,
  selectCanDelete,
  selectCanRenew,
  selectCanToggle,
  selectDeleteTarget,
  selectHasNoRestaurant,
  selectIsEmpty,
  selectIsRenewing,
  selectLoadFailed,
  selectOrderingEnabled,
  selectRenewTarget,
  selectRestaurant,
  selectRestaurantChoices,
  selectShowsSpinner,
  selectTables,
  selectTogglingId,
} from '../../machines/tables/tableList.selectors';
import { byTransition, coverage, generatePaths, type ModelEvent, type PathModel, pathName } from '../support/paths';
import {
  OTHER_RESTAURANT,
  SAMPLE_RESTAURANT,
  SAMPLE_TABLES,
  sampleTableName,
  tableListModel,
} from '../ui/models/tables.model';
import { flush, pending, rejecting, resolving } from './helpers';

/**
 * The "Stollar" screen's machines: the list (load, choose a restaurant, switch a table on or off, delete
 * after Ha / Yo‘q) walked by its generated paths on a live actor whose calls are replaced (`.provide`) and answered
 * as each path says; then the add / rename and bulk dialogs and the form rules.
 */

type Snapshot = SnapshotFrom<typeof tableListMachine>;
type Held = { input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** A live list whose calls wait until the path answers them; toasts and the chosen restaurant recorded. */
function liveList(input: TableListInput = { role: 'manager', restaurantId: 'r1' }) {
  const held: Record<'loadTables' | 'setActive' | 'remove' | 'renewToken', Held[]> = {
    loadTables: [],
    setActive: [],
    remove: [],
    renewToken: [],
  };
  // A call the machine gives up (a reload restarts the load) is forgotten: the next answer is the new call's.
  const holding = (id: keyof typeof held) =>
    fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          const call = { input, resolve, reject };
          held[id].push(call);
          signal.addEventListener('abort', () => held[id].splice(held[id].indexOf(call), 1));
        }),
    );
  const notify = vi.fn();
  const chosen = vi.fn();
  const machine = tableListMachine.provide({
    actors: {
      loadTables: holding('loadTables'),
      setActive: holding('setActive'),
      renewToken: holding('renewToken'),
      confirmDelete: confirmDeleteWith(holding('remove')),
    } as never,
    actions: {
      notify: (_, params) => notify(params),
      restaurantChosen: (_, params) => chosen(params),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, held, notify, chosen };
}

const take = (calls: Held[], what: string) => {
  const call = calls.shift();
  if (!call) throw new Error(`no ${what} call is running`);
  return call;
};

describe('tables list machine: generated paths', () => {
  const paths = generatePaths(tableListModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(tableListModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  it.each(paths.map((path, i) => [pathName(tableListModel, path, i), path] as const))('%s', async (_name, path) => {
    const live = liveList();
    let replayed = getInitialSnapshot(tableListMachine, tableListModel.input!) as Snapshot;
    expect(live.actor.getSnapshot().value).toEqual(replayed.value);
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const before = live.actor.getSnapshot();
      const notified = live.notify.mock.calls.length;
      const loads = live.held.loadTables.length;
      switch (event.type) {
        case 'xstate.done.actor.loadTables':
          take(live.held.loadTables, 'load').resolve(event.output);
          break;
        case 'xstate.error.actor.loadTables':
          take(live.held.loadTables, 'load').reject(event.error);
          break;
        case 'xstate.done.actor.setActive':
          take(live.held.setActive, 'switch').resolve(event.output);
          break;
        case 'xstate.error.actor.setActive':
          take(live.held.setActive, 'switch').reject(event.error);
          break;
        case 'xstate.done.actor.renewToken':
          take(live.held.renewToken, 'renew').resolve(event.output);
          break;
        case 'xstate.error.actor.renewToken':
          take(live.held.renewToken, 'renew').reject(event.error);
          break;
        case 'xstate.done.actor.confirmDelete': {
          const outcome = event.output as ConfirmDeleteOutput;
          if (outcome.result === 'cancelled') live.actor.send({ type: 'confirm.no' });
          else {
            live.actor.send({ type: 'confirm.yes' });
            await flush();
            const call = take(live.held.remove, 'delete');
            expect(call.input).toEqual({ id: before.context.deleteId });
            if (outcome.result === 'deleted') call.resolve(undefined);
            else call.reject(outcome.error);
          }
          break;
        }
        default:
          live.actor.send(event as never);
      }
      await flush();
      replayed = getNextSnapshot(tableListMachine, replayed, event as never) as Snapshot;
      const after = live.actor.getSnapshot();
      expect(after.value, `after ${event.type}`).toEqual(replayed.value);
      expect(after.context.tables).toEqual(replayed.context.tables);
      expect(after.context.restaurantId).toBe(replayed.context.restaurantId);

      // What each step must do, beyond the state.
      if (event.type === 'table.toggle') {
        const pressed = before.context.tables.find((t) => t._id === event.id)!;
        expect(live.held.setActive.map((c) => c.input)).toEqual([{ id: event.id, is_active: !pressed.is_active }]);
        expect(selectTogglingId(after)).toBe(event.id);
        expect(selectCanToggle(after)).toBe(false);
      }
      if (event.type === 'xstate.done.actor.setActive') {
        const answer = event.output as Table;
        expect(selectTables(after).find((t) => t._id === answer._id)?.is_active ?? answer.is_active).toBe(
          answer.is_active,
        );
        expect(live.notify).toHaveBeenLastCalledWith({
          kind: 'success',
          text: answer.is_active ? uzOrdering.tableOn(answer.name) : uzOrdering.tableOff(answer.name),
        });
        expect(selectTogglingId(after)).toBeNull();
      }
      if (event.type === 'xstate.error.actor.setActive') {
        expect(live.notify).toHaveBeenLastCalledWith({
          kind: 'error',
          text: `${uzOrdering.tableToggleFailed}: Serverda xatolik`,
        });
        expect(after.context.tables).toEqual(before.context.tables);
      }
      if (event.type === 'token.renew') {
        expect(selectRenewTarget(after)?.name).toBe(sampleTableName(String(event.id)));
        expect(selectCanRenew(after)).toBe(false);
        // Nothing is issued before Ha.
        expect(live.held.renewToken).toEqual([]);
      }
      if (event.type === 'renew.yes') {
        expect(live.held.renewToken.map((c) => c.input)).toEqual([{ id: before.context.renewId }]);
        expect(selectIsRenewing(after)).toBe(true);
      }
      if (event.type === 'renew.no') {
        expect(live.held.renewToken).toEqual([]);
        expect(selectRenewTarget(after)).toBeNull();
        expect(live.notify.mock.calls.length).toBe(notified);
      }
      if (event.type === 'xstate.done.actor.renewToken') {
        const answer = event.output as Table;
        expect(selectTables(after).find((t) => t._id === answer._id)?.token).toBe(answer.token);
        expect(live.notify).toHaveBeenLastCalledWith({ kind: 'success', text: uzOrdering.tokenRenewed(answer.name) });
        expect(selectRenewTarget(after)).toBeNull();
      }
      if (event.type === 'xstate.error.actor.renewToken') {
        expect(live.notify).toHaveBeenLastCalledWith({
          kind: 'error',
          text: `${uzOrdering.tokenRenewFailed}: Stol topilmadi.`,
        });
        expect(after.context.tables).toEqual(before.context.tables);
      }
      if (event.type === 'table.delete') {
        expect(selectDeleteTarget(after)?.name).toBe(sampleTableName(String(event.id)));
        expect(selectCanDelete(after)).toBe(false);
        expect(live.held.remove).toEqual([]);
      }
      if (event.type === 'xstate.done.actor.confirmDelete') {
        const outcome = (event.output as ConfirmDeleteOutput).result;
        const target = before.context.deleteId;
        expect(selectDeleteTarget(after)).toBeNull();
        if (outcome === 'deleted') {
          expect(after.context.tables.some((t) => t._id === target)).toBe(false);
          expect(live.notify).toHaveBeenLastCalledWith({ kind: 'success', text: uzOrdering.tableDeleted });
        } else {
          expect(after.context.tables).toEqual(before.context.tables);
          if (outcome === 'failed')
            expect(live.notify).toHaveBeenLastCalledWith({
              kind: 'error',
              text: `${uzOrdering.tableDeleteFailed} Stol topilmadi.`,
            });
          else expect(live.notify.mock.calls.length).toBe(notified);
        }
      }
      if (event.type === 'tables.choose') {
        expect(live.chosen).toHaveBeenLastCalledWith({ restaurantId: 'r2' });
        expect(after.context.tables).toEqual([]);
        expect(live.held.loadTables.at(-1)?.input).toEqual({ role: 'manager', restaurantId: 'r2' });
      }
      if (event.type === 'tables.reload' || event.type === 'tables.retry') {
        // A reload keeps the tables shown meanwhile; a load still running is started again (still one call).
        expect(after.context.tables).toEqual(before.context.tables);
        expect(live.held.loadTables.length).toBe(before.matches({ data: 'loading' }) ? loads : loads + 1);
      }
      if (event.type === 'xstate.error.actor.loadTables') {
        expect(live.notify).toHaveBeenLastCalledWith({ kind: 'error', text: uzOrdering.tablesLoadFailed });
        expect(selectLoadFailed(after)).toBe(true);
      }
    }
    live.actor.stop();
  });
});

describe('tables list machine: by hand', () => {
  const loaded = (restaurants = [SAMPLE_RESTAURANT], tables: Table[] = SAMPLE_TABLES, restaurantId = 'r1') =>
    resolving({ restaurants, restaurantId, tables });

  function start(role: 'admin' | 'manager', actors: Record<string, unknown>, restaurantId: string | null = 'r1') {
    const notify = vi.fn();
    const machine = tableListMachine.provide({
      actors: actors as never,
      actions: { notify: (_, params) => notify(params) },
    });
    return { actor: createActor(machine, { input: { role, restaurantId } }).start(), notify };
  }

  it('asks for the role and the restaurant, shows the spinner only until the first tables', async () => {
    const load = loaded();
    const { actor } = start('admin', { loadTables: load.logic });
    expect(selectShowsSpinner(actor.getSnapshot())).toBe(true);
    await flush();
    expect(load.probe.inputs).toEqual([{ role: 'admin', restaurantId: 'r1' }]);
    const s = actor.getSnapshot();
    expect(selectShowsSpinner(s)).toBe(false);
    expect(selectRestaurant(s)?.slug).toBe('stol-restoran');
    expect(selectTables(s).map((t) => t.name)).toEqual(['1', '2']);
    expect(selectCanAdd(s)).toBe(true);
    expect(selectIsEmpty(s)).toBe(false);
    expect(selectOrderingEnabled(s)).toBe(true);
    // An admin never chooses: the restaurant comes from the URL.
    expect(selectRestaurantChoices(s)).toEqual([]);
    actor.send({ type: 'tables.reload' });
    expect(selectShowsSpinner(actor.getSnapshot())).toBe(false);
    expect(selectTables(actor.getSnapshot())).toHaveLength(2);
  });

  it('a manager with several restaurants chooses among them; choosing the shown one does nothing', async () => {
    const load = loaded([SAMPLE_RESTAURANT, OTHER_RESTAURANT]);
    const { actor } = start('manager', { loadTables: load.logic });
    await flush();
    expect(selectRestaurantChoices(actor.getSnapshot()).map((r) => r._id)).toEqual(['r1', 'r2']);
    actor.send({ type: 'tables.choose', restaurantId: 'r1' });
    actor.send({ type: 'tables.choose', restaurantId: 'someone-elses' });
    await flush();
    expect(load.probe.inputs).toHaveLength(1);
  });

  it('says when there are no tables, and when there is no restaurant to show', async () => {
    const empty = start('manager', { loadTables: loaded([SAMPLE_RESTAURANT], []).logic }).actor;
    await flush();
    expect(selectIsEmpty(empty.getSnapshot())).toBe(true);
    expect(selectHasNoRestaurant(empty.getSnapshot())).toBe(false);
    const none = start(
      'manager',
      { loadTables: resolving({ restaurants: [], restaurantId: null, tables: [] }).logic },
      null,
    ).actor;
    await flush();
    expect(selectHasNoRestaurant(none.getSnapshot())).toBe(true);
    expect(selectIsEmpty(none.getSnapshot())).toBe(false);
    expect(selectCanAdd(none.getSnapshot())).toBe(false);
  });

  it('ordering off (or unknown) is said as off', async () => {
    const off = { ...SAMPLE_RESTAURANT, ordering_enabled: false };
    const { actor } = start('admin', { loadTables: loaded([off]).logic });
    await flush();
    expect(selectOrderingEnabled(actor.getSnapshot())).toBe(false);
  });

  it('one switch call at a time: another switch waits, an unknown table is ignored', async () => {
    const setActive = pending();
    const { actor } = start('manager', { loadTables: loaded().logic, setActive: setActive.logic });
    await flush();
    actor.send({ type: 'table.toggle', id: 'nope' });
    expect(actor.getSnapshot().matches({ toggle: 'idle' })).toBe(true);
    actor.send({ type: 'table.toggle', id: 't2' });
    actor.send({ type: 'table.toggle', id: 't1' });
    await flush();
    expect(setActive.probe.inputs).toEqual([{ id: 't2', is_active: true }]);
    expect(selectTogglingId(actor.getSnapshot())).toBe('t2');
  });

  it('a failed switch or delete without a server message says only what failed', async () => {
    const { actor, notify } = start('manager', {
      loadTables: loaded().logic,
      setActive: rejecting(0, 'offline').logic,
      confirmDelete: confirmDeleteWith(rejecting(0, 'offline').logic),
    });
    await flush();
    actor.send({ type: 'table.toggle', id: 't1' });
    await flush();
    expect(notify).toHaveBeenLastCalledWith({ kind: 'error', text: uzOrdering.tableToggleFailed });
    actor.send({ type: 'table.delete', id: 't1' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenLastCalledWith({ kind: 'error', text: uzOrdering.tableDeleteFailed });
    expect(selectTables(actor.getSnapshot())).toHaveLength(2);
  });
});

describe('table dialogs', () => {
  const SCOPE = { restaurantId: 'r1' };

  function startDialog<M extends typeof tableDialogMachine | typeof tableBulkDialogMachine>(
    machine: M,
    config: typeof tableFormConfig,
    actors: Record<string, unknown>,
  ) {
    const notify = vi.fn();
    const saved = vi.fn();
    const actor = createActor(
      machine.provide({
        actors: { loadOptions: resolving(null).logic, ...actors } as never,
        actions: { notify: (_, params) => notify(params), saved: (_, params) => saved(params) },
      }),
      { input: { config } },
    ).start();
    return { actor, notify, saved };
  }

  it('adds a table in the restaurant of its scope, trimmed, and says so', async () => {
    const create = resolving({ _id: 't9', name: 'Ayvon-2' });
    const { actor, notify, saved } = startDialog(tableDialogMachine, tableFormConfig, { create: create.logic });
    actor.send({ type: 'dialog.open', scope: SCOPE });
    await flush();
    actor.send({ type: 'dialog.change', values: { name: '  Ayvon-2 ' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(create.probe.inputs).toEqual([{ item: null, values: { name: 'Ayvon-2' }, scope: SCOPE }]);
    expect(notify).toHaveBeenLastCalledWith({ kind: 'success', text: uzOrdering.tableCreated });
    expect(saved).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('a taken name (409) is said under the name field, not toasted; changing the name clears it', async () => {
    const taken = '"5" nomli stol bu restoranda allaqachon bor.';
    const { actor, notify } = startDialog(tableDialogMachine, tableFormConfig, { create: rejecting(409, taken).logic });
    actor.send({ type: 'dialog.open', scope: SCOPE });
    await flush();
    actor.send({ type: 'dialog.change', values: { name: '5' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    const s = actor.getSnapshot();
    expect(selectErrors(s)).toEqual({ name: taken });
    expect(selectFailure(s)).toBeNull();
    expect(notify).not.toHaveBeenCalled();
    actor.send({ type: 'dialog.change', values: { name: '6' } });
    expect(selectErrors(actor.getSnapshot())).toEqual({});
  });

  it('any other refusal is the form’s alert and a toast', async () => {
    const { actor, notify } = startDialog(tableDialogMachine, tableFormConfig, {
      update: rejecting(404, 'Stol topilmadi.').logic,
    });
    actor.send({ type: 'dialog.open', item: SAMPLE_TABLES[0]!, scope: SCOPE });
    await flush();
    actor.send({ type: 'dialog.change', values: { name: 'VIP' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(selectFailure(actor.getSnapshot())).toBe('Stol topilmadi.');
    expect(selectErrors(actor.getSnapshot())).toEqual({});
    expect(notify).toHaveBeenLastCalledWith({ kind: 'error', text: uz.editFailed });
  });

  it('renames with the new name only, and an unchanged name sends nothing', async () => {
    const update = resolving({ ...SAMPLE_TABLES[0]!, name: 'VIP' });
    const { actor, notify } = startDialog(tableDialogMachine, tableFormConfig, { update: update.logic });
    actor.send({ type: 'dialog.open', item: SAMPLE_TABLES[0]!, scope: SCOPE });
    await flush();
    expect(actor.getSnapshot().context.values).toEqual({ name: '1' });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(update.probe.inputs).toEqual([]);
    actor.send({ type: 'dialog.change', values: { name: 'VIP' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(update.probe.inputs).toEqual([{ item: SAMPLE_TABLES[0], values: { name: 'VIP' }, scope: SCOPE }]);
    expect(notify).toHaveBeenLastCalledWith({ kind: 'success', text: uzOrdering.tableRenamed });
  });

  it('the bulk dialog asks for "1" to N and says in the form when nothing new was made', async () => {
    const nothing = rejecting(409, uzOrdering.tablesBulkNothing);
    const { actor, notify } = startDialog(tableBulkDialogMachine, tableBulkFormConfig, { create: nothing.logic });
    actor.send({ type: 'dialog.open', scope: SCOPE });
    await flush();
    expect(actor.getSnapshot().context.values).toEqual({ from: '1', to: '' });
    actor.send({ type: 'dialog.submit' });
    expect(selectErrors(actor.getSnapshot())).toEqual({ to: uzOrdering.tablesNumberInvalid });
    actor.send({ type: 'dialog.change', values: { to: '20' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(nothing.probe.inputs).toEqual([{ item: null, values: { from: '1', to: '20' }, scope: SCOPE }]);
    expect(selectFailure(actor.getSnapshot())).toBe(uzOrdering.tablesBulkNothing);
    expect(notify).not.toHaveBeenCalled();
  });

  it('the bulk call: the range as numbers; none made is the 409 the form shows; no restaurant is a 404', async () => {
    const call = (values: Record<string, string>, scope: { restaurantId?: string | null }) =>
      createActor(tableBulkDialogActors.create, { input: { item: null, values, scope } as never });
    const failed = new Promise((resolve) => {
      const actor = call({ from: '1', to: '2' }, {});
      actor.subscribe({ error: resolve });
      actor.start();
    });
    expect(await failed).toMatchObject({ status: 404, message: uzCatalog.noRestaurantOfManager });
  });
});

describe('table form rules', () => {
  it('a name is 1-40 characters once trimmed', () => {
    expect(validateTableName({ name: '' })).toEqual({ name: uzOrdering.tableNameRequired });
    expect(validateTableName({ name: '   ' })).toEqual({ name: uzOrdering.tableNameRequired });
    expect(validateTableName({ name: 'x'.repeat(40) })).toEqual({});
    expect(validateTableName({ name: ` ${'x'.repeat(40)} ` })).toEqual({});
    expect(validateTableName({ name: 'x'.repeat(41) })).toEqual({ name: uzOrdering.tableNameTooLong });
    expect(tableFormConfig.fromItem({ _id: 't1', name: '5' })).toEqual({ name: '5' });
    expect(tableFormConfig.fromItem({ _id: 't1' })).toEqual({ name: '' });
  });

  it('the bulk range: whole numbers from 1, in order, at most BULK_MAX', () => {
    expect(wholeNumber(' 07 ')).toBe(7);
    expect(wholeNumber('1.5')).toBeNull();
    expect(wholeNumber('-1')).toBeNull();
    expect(wholeNumber(true)).toBeNull();
    expect(validateBulk({ from: '1', to: '20' })).toEqual({});
    expect(validateBulk({ from: '0', to: 'x' })).toEqual({
      from: uzOrdering.tablesNumberInvalid,
      to: uzOrdering.tablesNumberInvalid,
    });
    expect(validateBulk({ from: '5', to: '4' })).toEqual({ to: uzOrdering.tablesRangeOrder });
    expect(validateBulk({ from: '1', to: String(BULK_MAX) })).toEqual({});
    expect(validateBulk({ from: '1', to: String(BULK_MAX + 1) })).toEqual({ to: uzOrdering.tablesRangeTooMany });
    expect(toBulkRange({ from: '3', to: '12' })).toEqual({ from: 3, to: 12 });
  });
});

/**
 * The two table dialogs walked by generated paths (the generic dialog's walk, dialogPaths.machine.test.ts, does not
 * know their own failure rules): a taken name (409) goes under the name field with no toast and no alert; any other
 * refusal is the form's alert and a toast; the bulk dialog's 'nothing new' (409) is the form's alert only.
 */
describe.each([
  {
    name: 'add / rename',
    machine: tableDialogMachine,
    config: tableFormConfig,
    item: SAMPLE_TABLES[0]!,
    valid: { name: 'VIP' },
    invalid: { name: '  ' },
    refusal: { status: 409, message: '"VIP" nomli stol bu restoranda allaqachon bor.', atField: true },
  },
  {
    name: 'bulk (create only)',
    machine: tableBulkDialogMachine,
    config: tableBulkFormConfig,
    item: undefined,
    valid: { to: '20' },
    invalid: { to: '0' },
    refusal: { status: 409, message: uzOrdering.tablesBulkNothing, atField: false },
  },
])('table dialog, generated paths: $name', (c) => {
  type DialogSnapshot = SnapshotFrom<typeof tableDialogMachine>;
  const SCOPE = { restaurantId: 'r1' };
  const refused = new ApiError(c.refusal.status, c.refusal.message);
  const failed = new ApiError(500, 'Serverda xatolik');
  const validity = (s: DialogSnapshot) =>
    Object.keys(c.config.validate(s.context.values, s.context.item ? 'edit' : 'create')).length === 0
      ? 'valid'
      : 'invalid';
  const model: PathModel<typeof tableDialogMachine> = {
    name: `table dialog (${c.name})`,
    machine: c.machine,
    input: { config: c.config, scope: SCOPE },
    events: [
      { type: 'dialog.open' },
      ...(c.item ? [{ type: 'dialog.open', item: c.item }] : []),
      { type: 'dialog.change', values: c.valid },
      { type: 'dialog.change', values: c.invalid },
      { type: 'dialog.submit' },
      { type: 'dialog.close' },
      { type: 'xstate.done.actor.loadOptions', output: null },
      { type: 'xstate.done.actor.create', output: { _id: 'new' } },
      { type: 'xstate.error.actor.create', error: refused },
      { type: 'xstate.error.actor.create', error: failed },
      { type: 'xstate.done.actor.update', output: { _id: 't1' } },
      { type: 'xstate.error.actor.update', error: refused },
      { type: 'xstate.error.actor.update', error: failed },
    ],
    // The bulk dialog only creates: an edit is never opened.
    filterEvents: (_s, e) => !(c.item === undefined && e.type === 'dialog.open' && 'item' in e),
    serializeState: (s, e, prev) => {
      const cause = e?.type.startsWith('xstate.error.actor.') ? `:${statusOf((e as ModelEvent).error)}` : '';
      return `${byTransition(s, e ? { type: `${e.type}${cause}` } : e, prev)} [${validity(s)}]`;
    },
  };
  const paths = generatePaths(model);

  it.each(paths.map((path, i) => [pathName(model, path, i), path] as const))('%s', async (_name, path) => {
    const held = new Map<string, Held>();
    const calls: { id: string; input: unknown }[] = [];
    const holding = (id: string) =>
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ id, input });
            held.set(id, { input, resolve, reject });
          }),
      );
    const notify = vi.fn();
    const saved = vi.fn();
    const actor = createActor(
      c.machine.provide({
        actors: { loadOptions: holding('loadOptions'), create: holding('create'), update: holding('update') } as never,
        actions: { notify: (_, params) => notify(params), saved: (_, params) => saved(params) },
      }),
      { input: { config: c.config, scope: SCOPE } },
    ).start();
    let replayed = getInitialSnapshot(c.machine, model.input!) as DialogSnapshot;
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const notified = notify.mock.calls.length;
      const answer = event.type.match(/^xstate\.(done|error)\.actor\.(\w+)$/);
      if (answer) {
        const call = held.get(answer[2]!)!;
        expect(call, `a running ${answer[2]} call`).toBeDefined();
        held.delete(answer[2]!);
        if (answer[1] === 'done') call.resolve(event.output);
        else call.reject(event.error);
      } else actor.send(event as never);
      await flush();
      replayed = getNextSnapshot(c.machine, replayed, event as never) as DialogSnapshot;
      const after = actor.getSnapshot();
      expect(after.value, `after ${event.type}`).toEqual(replayed.value);
      expect(after.context.values).toEqual(replayed.context.values);
      if (answer?.[1] === 'error') {
        const refusal = event.error === refused;
        const toast = !(refusal && (c.refusal.atField || c.refusal.status === 409));
        expect(after.matches({ open: { flow: 'failed' } })).toBe(true);
        if (refusal && c.refusal.atField) {
          expect(selectErrors(after)).toEqual({ name: c.refusal.message });
          expect(selectFailure(after)).toBeNull();
        } else {
          expect(selectFailure(after)).toBe((event.error as ApiError).message);
        }
        expect(notify.mock.calls.length).toBe(notified + (toast ? 1 : 0));
      }
      if (answer?.[1] === 'done' && answer[2] !== 'loadOptions') {
        expect(after.matches('closed')).toBe(true);
        expect(saved).toHaveBeenCalledTimes(1);
      }
      if (event.type === 'dialog.change' && 'name' in (event.values as object) && c.refusal.atField)
        expect(selectErrors(after).name).toBeUndefined();
    }
    // Every save went to the dialog's restaurant.
    for (const call of calls.filter((x) => x.id !== 'loadOptions'))
      expect((call.input as { scope: unknown }).scope).toEqual(SCOPE);
    actor.stop();
  });

  it('the paths reach every state a table dialog can be in', () => {
    const { states } = coverage(model, paths);
    // Not walked here: other languages' tabs (a table has no translations), a failed options load (the table dialogs
    // load none: the default actor answers at once), and, for the bulk dialog, editing.
    const reachable = states.all.filter(
      (state) =>
        (!state.startsWith('open.tab.') || state === 'open.tab.uz') &&
        state !== 'open.flow.loadFailed' &&
        (c.item !== undefined || !/updating|mode\.edit/.test(state)),
    );
    expect(reachable.length).toBeGreaterThan(5);
    expect(states.covered).toEqual(expect.arrayContaining(reachable));
  });
});
