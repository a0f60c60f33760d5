import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, assign, createActor, type ErrorActorEvent, setup } from 'xstate';
import { deleteActors, deleteRegion } from '../../machines/shared/deleteRegion';
import { statusOf } from '../../machines/shared/errors';
import { initialListQuery, type ListQuery, SEARCH_DEBOUNCE_MS } from '../../machines/shared/listQuery';
import { listRegion, pagedListRegion } from '../../machines/shared/listRegion';
import type { Notice } from '../../machines/shared/notify';
import { flush, pending, rejecting, resolving } from './helpers';

/**
 * The shared machine regions (machines/shared/deleteRegion.ts, listRegion.ts) in small machines of their own: what
 * every list's delete question and loading do, whatever screen they are put in.
 */

interface Item {
  _id: string;
}

// ——— the delete region ———

interface DeleteContext {
  items: Item[];
  deleteId: string | null;
  /** What `deleteId` was when the deleted branch's first actions ran. */
  seenId: string | null;
  reloads: number;
}
type DeleteEvent =
  | { type: 'item.delete'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'items.reload' };

function deleteMachine(remove: AnyActorLogic, reported?: (error: unknown) => boolean) {
  const log: string[] = [];
  const removal = deleteRegion({
    types: {} as { context: DeleteContext; events: DeleteEvent },
    ask: {
      event: 'item.delete',
      exists: (context, id) => context.items.some((i) => i._id === id),
      remember: (_, id) => ({ deleteId: id }),
    },
    target: (context) => ({ id: context.deleteId ?? '' }),
    forget: { deleteId: null },
    deleted: {
      actions: 'see',
      drop: (context) => ({ items: context.items.filter((i) => i._id !== context.deleteId) }),
      notice: { kind: 'success', text: "O'chirildi" },
      after: 'after',
      reload: { type: 'items.reload' },
    },
    failed: {
      notice: (error) => ({ kind: 'error', text: `Xato ${statusOf(error)}` }),
      ...(reported && { reported }),
    },
  });
  const machine = setup({
    types: { context: {} as DeleteContext, events: {} as DeleteEvent },
    actors: deleteActors(remove as never),
    actions: {
      notify: (_, notice: Notice) => log.push(`${notice.kind}: ${notice.text}`),
      see: assign(({ context }) => ({ seenId: context.deleteId })),
      after: () => log.push('after'),
    },
  }).createMachine({
    context: { items: [{ _id: 'a' }, { _id: 'b' }], deleteId: null, seenId: null, reloads: 0 },
    type: 'parallel',
    on: { 'items.reload': { actions: assign({ reloads: ({ context }) => context.reloads + 1 }) } },
    states: { removal },
  });
  return { actor: createActor(machine).start(), log };
}

describe('delete region', () => {
  it('asks only about a row on screen, and remembers it while the question is open', () => {
    const { actor } = deleteMachine(resolving(undefined).logic);
    actor.send({ type: 'item.delete', id: 'zz' });
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    actor.send({ type: 'item.delete', id: 'b' });
    expect(actor.getSnapshot().matches({ removal: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.deleteId).toBe('b');
  });

  it('Ha: deletes the row asked about, drops it, forgets it, says so, then raises the reload', async () => {
    const remove = resolving(undefined);
    const { actor, log } = deleteMachine(remove.logic);
    actor.send({ type: 'item.delete', id: 'b' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    const { context } = actor.getSnapshot();
    expect(remove.probe.inputs).toEqual([{ id: 'b' }]);
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    expect(context.items).toEqual([{ _id: 'a' }]);
    expect(context.deleteId).toBeNull();
    // The first actions ran while the row was still remembered; the notice came before the later ones.
    expect(context.seenId).toBe('b');
    expect(log).toEqual(["success: O'chirildi", 'after']);
    expect(context.reloads).toBe(1);
  });

  it("Yo'q: no call, no notice, the row forgotten", async () => {
    const remove = resolving(undefined);
    const { actor, log } = deleteMachine(remove.logic);
    actor.send({ type: 'item.delete', id: 'a' });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(remove.probe.inputs).toEqual([]);
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ deleteId: null, items: [{ _id: 'a' }, { _id: 'b' }] });
    expect(log).toEqual([]);
  });

  it('a failed call keeps the row and says why (the notice is built from the error); no reload', async () => {
    const { actor, log } = deleteMachine(rejecting(409).logic);
    actor.send({ type: 'item.delete', id: 'a' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ deleteId: null, reloads: 0 });
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    expect(log).toEqual(['error: Xato 409']);
  });

  it('a failure the screen does not report closes the question silently', async () => {
    const { actor, log } = deleteMachine(rejecting(404).logic, (error) => statusOf(error) === 500);
    actor.send({ type: 'item.delete', id: 'a' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    expect(log).toEqual([]);
  });

  it('the child is the confirm-delete cycle, named as the screens read it', () => {
    const { actor } = deleteMachine(pending().logic);
    actor.send({ type: 'item.delete', id: 'a' });
    expect(actor.getSnapshot().children.confirmDelete).toBeDefined();
    actor.send({ type: 'confirm.no' });
    expect(actor.getSnapshot().children.confirmDelete).toBeUndefined();
  });
});

// ——— the list region ———

interface ListContext {
  items: Item[];
  scope: string;
  resets: Array<{ ids: string[] }>;
  sessionEnded: boolean;
}
type ListEvent = { type: 'items.reload' } | { type: 'items.retry' };
type Loaded = { items: Item[] };

function listMachine(
  load: AnyActorLogic,
  { reload = true, reported }: { reload?: boolean; reported?: (error: unknown) => boolean } = {},
) {
  const log: string[] = [];
  const list = listRegion({
    types: {} as { context: ListContext; events: ListEvent },
    load: {
      name: 'loadItems',
      actor: resolving<Loaded, { scope: string }>({ items: [] }).logic,
      input: (context) => ({ scope: context.scope }),
    },
    loaded: (_, output) => ({ items: output.items }),
    alsoLoaded: { type: 'reset', params: (_, output) => ({ ids: output.items.map((i) => i._id) }) },
    retry: 'items.retry',
    ...(reload && { reload: 'items.reload' }),
    failed: {
      notice: { kind: 'error', text: 'Olib bo‘lmadi' },
      ...(reported && { reported }),
      before: [
        {
          guard: ({ event }: { event: ErrorActorEvent }) => statusOf(event.error) === 401,
          target: 'sessionLost',
          actions: assign({ sessionEnded: true }),
        },
      ],
    },
  });
  const machine = setup({
    types: { context: {} as ListContext, events: {} as ListEvent },
    actors: list.actors,
    actions: {
      notify: (_, notice: Notice) => log.push(`${notice.kind}: ${notice.text}`),
      reset: assign(({ context }, params: { ids: string[] }) => ({ resets: [...context.resets, params] })),
    },
  }).createMachine({
    context: { items: [], scope: 's1', resets: [], sessionEnded: false },
    initial: 'loading',
    states: { ...list.states, sessionLost: {} },
  });
  return { actor: createActor(machine.provide({ actors: { loadItems: load as never } })).start(), log };
}

describe('list region', () => {
  it('loads with the context’s input, fills the answer in, then runs the named action with it', async () => {
    const load = resolving({ items: [{ _id: 'a' }, { _id: 'b' }] });
    const { actor } = listMachine(load.logic);
    await flush();
    expect(load.probe.inputs).toEqual([{ scope: 's1' }]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.items).toEqual([{ _id: 'a' }, { _id: 'b' }]);
    expect(actor.getSnapshot().context.resets).toEqual([{ ids: ['a', 'b'] }]);
  });

  it('a failed load shows the error; retry and reload both ask again', async () => {
    const { actor, log } = listMachine(rejecting(500).logic);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(log).toEqual(['error: Olib bo‘lmadi']);
    actor.send({ type: 'items.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    actor.send({ type: 'items.reload' });
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('the branches before `failed` come first; an unreported failure shows no notice', async () => {
    const lost = listMachine(rejecting(401).logic);
    await flush();
    expect(lost.actor.getSnapshot().value).toBe('sessionLost');
    expect(lost.actor.getSnapshot().context.sessionEnded).toBe(true);
    expect(lost.log).toEqual([]);

    const quiet = listMachine(rejecting(404).logic, { reported: (error) => statusOf(error) === 500 });
    await flush();
    expect(quiet.actor.getSnapshot().value).toBe('failed');
    expect(quiet.log).toEqual([]);
  });

  it('a reload while loading starts the call again (the running one is aborted)', async () => {
    const load = pending();
    const { actor } = listMachine(load.logic);
    actor.send({ type: 'items.reload' });
    await flush();
    expect(load.probe.inputs).toHaveLength(2);
    expect(load.probe.aborted).toBe(1);
  });

  it('without a reload event the list only retries after a failure', async () => {
    const { actor } = listMachine(rejecting(500).logic, { reload: false });
    await flush();
    expect(actor.getSnapshot().can({ type: 'items.reload' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'items.retry' })).toBe(true);
  });
});

// ——— the paged list region ———

interface PagedContext extends ListQuery {
  items: Item[];
  total: number;
  kind: string;
}
type PagedEvent =
  | { type: 'items.reload' }
  | { type: 'items.retry' }
  | { type: 'page.next' }
  | { type: 'page.prev' }
  | { type: 'search.change'; value: string }
  | { type: 'filter.status'; value: 'all' | 'active' | 'inactive' }
  | { type: 'filter.kind'; value: string };
type Page = { rows: Item[]; total: number };

/** The server's answer over `total` rows: 10 a page, none past the last page. */
const server = (total: number) => (input: { page: number }) => {
  const first = (input.page - 1) * 10;
  const count = Math.max(0, Math.min(10, total - first));
  return { rows: Array.from({ length: count }, (_, i) => ({ _id: `r${first + i + 1}` })), total };
};

function pagedMachine(load: AnyActorLogic, page = 1) {
  const list = pagedListRegion({
    types: {} as { context: PagedContext; events: PagedEvent },
    load: {
      name: 'loadPage',
      actor: resolving<Page, { page: number; q: string; status: string; kind: string }>({ rows: [], total: 0 }).logic,
      input: (context) => ({ page: context.page, q: context.query, status: context.status, kind: context.kind }),
    },
    loaded: (_, output) => ({ items: output.rows, total: output.total }),
    counted: (output) => ({ total: output.total, rows: output.rows.length }),
    filters: {
      'filter.kind': {
        target: 'loading',
        reenter: true,
        actions: assign({ kind: ({ event }: { event: { value: string } }) => event.value, page: 1 }),
      },
    },
    retry: 'items.retry',
    reload: 'items.reload',
  });
  const machine = setup({
    types: { context: {} as PagedContext, events: {} as PagedEvent },
    actors: list.actors,
    actions: { notify: (_, _notice: Notice) => {}, ...list.actions },
    guards: list.guards,
  }).createMachine({
    context: { ...initialListQuery, page, items: [], total: 0, kind: 'all' },
    initial: 'loading',
    states: list.states,
  });
  return createActor(machine.provide({ actors: { loadPage: load as never } })).start();
}

describe('paged list region', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns pages within the ones there are, asking the server for each', async () => {
    const load = resolving(server(23));
    const actor = pagedMachine(load.logic);
    await flush();
    expect(actor.getSnapshot().can({ type: 'page.prev' })).toBe(false);
    actor.send({ type: 'page.next' });
    await flush();
    actor.send({ type: 'page.next' });
    await flush();
    expect(actor.getSnapshot().context.page).toBe(3);
    expect(actor.getSnapshot().context.items).toHaveLength(3);
    expect(actor.getSnapshot().can({ type: 'page.next' })).toBe(false);
    actor.send({ type: 'page.prev' });
    await flush();
    expect(load.probe.inputs.map((i) => (i as { page: number }).page)).toEqual([1, 2, 3, 2]);
  });

  it('a page that is gone (its last rows deleted) is replaced by the last page there is', async () => {
    const load = resolving(server(12));
    const actor = pagedMachine(load.logic, 4);
    await flush();
    expect(load.probe.inputs.map((i) => (i as { page: number }).page)).toEqual([4, 2]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ page: 2, total: 12 });
  });

  it('typing waits for a pause, then asks page 1 with the search; the status filter asks at once', async () => {
    vi.useFakeTimers();
    const load = resolving(server(23));
    const actor = pagedMachine(load.logic, 2);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'search.change', value: 'o' });
    actor.send({ type: 'search.change', value: 'os' });
    expect(actor.getSnapshot().value).toBe('typing');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(load.probe.inputs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load.probe.inputs.at(-1)).toMatchObject({ page: 1, q: 'os' });
    actor.send({ type: 'filter.status', value: 'active' });
    await vi.advanceTimersByTimeAsync(0);
    expect(load.probe.inputs.at(-1)).toMatchObject({ page: 1, status: 'active' });
  });

  it("the screen's own filters change what is shown in every state, a failed one too", async () => {
    const load = rejecting(500);
    const actor = pagedMachine(load.logic);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'filter.kind', value: 'integration' });
    await flush();
    expect(load.probe.inputs.at(-1)).toMatchObject({ kind: 'integration' });
  });
});
