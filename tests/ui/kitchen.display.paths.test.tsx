import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ApiError } from '../../client/client';
import type { KitchenOrder } from '../../client/kitchen';
import { UNDO_WINDOW_MS } from '../../lib/kitchen-lines';
import { type kitchenDisplayMachine, LOAD_RETRY_MS } from '../../machines/kitchen/kitchenDisplay.machine';
import type { QueuedMove } from '../../machines/kitchen/kitchenDisplay.rules';
import { kitchenMessages } from '../../server/messages/kitchen';
import { kitchenTexts } from '../../src/features/kitchen/kitchenTexts';
import {
  byValue,
  coverage,
  generatePaths,
  type ModelEvent,
  type ModelPath,
  type PathModel,
  pathName,
  runPathOnScreen,
  type UiFixture,
} from '../support/paths';
import {
  ARRIVING,
  DEVICE,
  type DisplayPathEvent,
  kitchenDisplayModel,
  LOAD_RETRY_EVENT,
  LOADED,
  sampleLine,
  sampleOrder,
  UNDO_EXPIRED_EVENT,
} from './models/kitchen.model';
import { FakeEventSource, type FakeKitchenServer, type HeldCall } from './support/fakeKitchen';
import { cookingCard, lineButton, readyCard, renderKitchen, startKitchenUi } from './support/kitchenUi';

/**
 * The kitchen display machine's generated paths walked on the rendered /kitchen screen of a paired tablet, against the
 * fake kitchen API and its event stream: every state the machine can rest in is reached on the screen and checked for
 * what a cook sees there.
 *
 * Which paths: the machine has ~180 shortest paths, one per transition (tests/machines/kitchenDisplay.machine.test.ts
 * walks them all on the machine), too many to render one by one. Walked here are the shortest path to every state
 * (xstate/graph getShortestPaths, states told apart by value only), and for every sample event those paths leave out,
 * the shortest path that takes it, so each fixture below — each way the screen makes an event — runs at least once.
 *
 * The screen is narrower than the machine: "kitchen.refresh" is only ever raised by the machine itself (a
 * reconnection, a refused move), and the stream reports each change of its status once ("connecting" only when it
 * connects again after a loss). Taps are made from the keyboard (a focused button and Enter): a pointer's first touch
 * anywhere also allows the sound, which is the "kitchen.sound" step of its own.
 */

type Snapshot = SnapshotFrom<typeof kitchenDisplayMachine>;

interface World {
  user?: ReturnType<typeof userEvent.setup>;
  load?: HeldCall;
  refresh?: HeldCall;
  /** Moves sent and held, oldest first (the queue sends one at a time). */
  sends: HeldCall[];
  /** Orders placed while no stream told the display: a re-read brings each (№ 11, 12…). */
  placedQuietly: number;
}

const ORDERS = /^\/kitchen\/orders$/;
const MOVES = /^\/kitchen\/orders\/[^/]+\/(items\/\d+|ready)$/;

/** What the screen can make happen, from the machine's events (the machine accepts more). */
function offeredOnScreen(snapshot: Snapshot, event: ModelEvent): boolean {
  if (event.type === 'kitchen.refresh') return false;
  if (event.type === 'kitchen.live.status') {
    const was = snapshot.context.connection;
    return event.status !== was && !(event.status === 'connecting' && was === 'live');
  }
  return true;
}

const walkedModel: PathModel<typeof kitchenDisplayMachine> = {
  ...kitchenDisplayModel,
  name: 'kitchenDisplay on screen',
  filterEvents: offeredOnScreen as PathModel<typeof kitchenDisplayMachine>['filterEvents'],
};

const eventKey = (event: ModelEvent) => JSON.stringify(event, (_k, v) => (v instanceof Error ? v.message : v));

/** The shortest path to every state, and for each sample event they leave out, the shortest path that takes it. */
function walkedPaths(): ModelPath<typeof kitchenDisplayMachine>[] {
  const chosen = generatePaths({ ...walkedModel, serializeState: byValue });
  const byTransition = generatePaths(walkedModel);
  const taken = new Set(chosen.flatMap((path) => path.steps.map((step) => eventKey(step.event as ModelEvent))));
  for (const sample of walkedModel.events) {
    if (taken.has(eventKey(sample))) continue;
    const path = byTransition.find((candidate) =>
      candidate.steps.some((s) => eventKey(s.event as ModelEvent) === eventKey(sample)),
    );
    if (!path) continue;
    chosen.push(path);
    for (const step of path.steps) taken.add(eventKey(step.event as ModelEvent));
  }
  return chosen;
}

let kitchen: FakeKitchenServer;
beforeAll(async () => {
  kitchen = await startKitchenUi();
});
afterAll(() => kitchen.close());
beforeEach(() => {
  kitchen.reset(DEVICE, LOADED.data);
  vi.stubGlobal('EventSource', FakeEventSource);
  // The undo window and the load's retry are timers the paths run out; everything else keeps real time.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const runOut = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms).then(() => {}));

/** A tap from the keyboard: the button focused, then Enter (no pointer, so the sound stays as it is). */
async function press(w: World, button: HTMLElement) {
  expect(button).toBeEnabled();
  act(() => button.focus());
  await w.user!.keyboard('{Enter}');
}

/** The stream's current connection; after a loss, the network comes back ("online") and the client connects again. */
async function openStream(): Promise<FakeEventSource> {
  if (!FakeEventSource.current()) act(() => void window.dispatchEvent(new Event('online')));
  return waitFor(() => {
    const source = FakeEventSource.current();
    expect(source, 'a stream connection').toBeDefined();
    return source!;
  });
}

/** Order №1's card in the kitchen's column, or in the waiter's when all its lines are ready. */
const cardOf1 = () => screen.queryByRole('article', { name: /^Buyurtma №1 ·/ }) ?? readyCard(1);
const columns = () => document.querySelector('.kitchen-columns') as HTMLElement;
const busyLines = () => [...document.querySelectorAll('.kitchen-line[aria-busy="true"]')];
const unpairedMessage = async () => {
  expect(await screen.findByRole('heading', { name: 'Oshxona ekranini ulash' })).toBeVisible();
  expect(screen.getByRole('alert')).toHaveTextContent(kitchenMessages.kitchenSessionInvalid);
};

/** After an answered move: the queue's next move is on its way, or nothing is (no line says "Saqlanmoqda…"). */
async function movesSettled(w: World, after: Snapshot) {
  if (after.matches({ ready: { moves: 'sending' } })) await w.sends[0]!.arrived;
  else await waitFor(() => expect(busyLines()).toHaveLength(0));
}

const notOnScreen = (what: string) => () => {
  throw new Error(`${what} cannot be made from the screen`);
};

const fixtures = {
  'xstate.done.actor.loadOrders': {
    exec: async (w) => {
      await w.load!.arrived;
      w.load!.release();
      expect(await screen.findByRole('article', { name: /^Buyurtma №1 · Stol 5/ })).toBeVisible();
      expect(readyCard(2)).toBeVisible();
    },
  },
  'xstate.error.actor.loadOrders': {
    exec: async (w, e) => {
      const error = e.error as ApiError;
      await w.load!.arrived;
      w.load!.fail(error.status, error.message);
      if (error.status === 401) await unpairedMessage();
      else expect(await screen.findByText(kitchenTexts.loadFailed)).toBeVisible();
    },
  },
  'kitchen.retry': { exec: (w) => press(w, screen.getByRole('button', { name: 'Qayta urinish' })) },
  [LOAD_RETRY_EVENT]: { exec: () => runOut(LOAD_RETRY_MS) },
  'kitchen.live.status': {
    exec: async (_w, e) => {
      if (e.status === 'offline') {
        const source = await openStream();
        act(() => source.fail());
        expect(await screen.findByRole('alert')).toHaveTextContent(kitchenTexts.lostBanner);
      } else if (e.status === 'connecting') {
        // Back after a loss: the client connects again; the display still says the connection is lost until it is.
        await openStream();
      } else {
        const source = await openStream();
        act(() => source.open());
        await waitFor(() => expect(screen.getByTestId('kitchen-live')).toHaveTextContent(kitchenTexts.live));
      }
    },
  },
  'kitchen.live.event': {
    exec: async () => {
      await openStream();
      act(() => void kitchen.publish('order.created', ARRIVING));
      expect(await screen.findByRole('article', { name: /^Buyurtma №3 · Stol 7/ })).toBeVisible();
    },
  },
  'kitchen.live.refused': {
    exec: async () => {
      // The device is removed in the panel: the stream's next ticket is refused.
      const source = await openStream();
      kitchen.deviceExists = false;
      act(() => source.fail());
      act(() => void window.dispatchEvent(new Event('online')));
      await unpairedMessage();
    },
  },
  'kitchen.refresh': { exec: notOnScreen('"kitchen.refresh", raised by the machine itself,') },
  'xstate.done.actor.refreshOrders': {
    exec: async (w) => {
      // Placed while the display heard nothing of it: the re-read brings its card.
      const number = 11 + w.placedQuietly++;
      const placed: KitchenOrder = sampleOrder(`quiet${number}`, {
        number,
        table: { _id: 't8', name: '8' },
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        items: [sampleLine(0, { name: 'Manti' })],
      });
      kitchen.store(placed);
      await w.refresh!.arrived;
      w.refresh!.release();
      expect(await screen.findByRole('article', { name: new RegExp(`^Buyurtma №${number} ·`) })).toBeVisible();
      await waitFor(() => expect(columns()).toHaveAttribute('aria-busy', 'false'));
    },
  },
  'xstate.error.actor.refreshOrders': {
    exec: async (w, e) => {
      const error = e.error as ApiError;
      const cards = screen.getAllByRole('article').length;
      await w.refresh!.arrived;
      if (error.status === 401) {
        w.refresh!.fail(401, error.message);
        await unpairedMessage();
        return;
      }
      // The network lost mid-read: the cards stay as they were.
      w.refresh!.drop();
      await waitFor(() => expect(columns()).toHaveAttribute('aria-busy', 'false'));
      expect(screen.getAllByRole('article')).toHaveLength(cards);
    },
  },
  'kitchen.filter': {
    exec: async (w, e) => {
      const choice = screen.getByRole('group', { name: "Ko'rinish" });
      const button = within(choice).getByRole('button', {
        name: new RegExp(`^${e.filter === 'ready' ? 'Tayyor' : 'Tayyorlanmoqda'} `),
      });
      await press(w, button);
      expect(button).toHaveAttribute('aria-pressed', 'true');
    },
  },
  'kitchen.move': {
    exec: async (w) => {
      const osh = lineButton(cardOf1(), 2, 'Osh');
      await press(w, osh);
      expect(lineButton(cardOf1(), 2, 'Osh')).toHaveAttribute('aria-busy', 'true');
    },
  },
  'kitchen.readyAll': {
    exec: async (w) => {
      await press(w, within(cookingCard(1)).getByRole('button', { name: 'Hammasi tayyor' }));
      for (const line of within(cookingCard(1)).getAllByRole('button', { name: / × / })) {
        if (!/: berildi/.test(line.getAttribute('aria-label')!)) expect(line).toHaveAttribute('aria-busy', 'true');
      }
    },
  },
  'kitchen.undo': {
    exec: async (w) => {
      await press(w, screen.getByRole('button', { name: 'Qaytarish' }));
      expect(busyLines().length).toBeGreaterThan(0);
    },
  },
  'kitchen.dismiss': {
    exec: async (w) => {
      await press(w, within(cookingCard(1)).getByRole('button', { name: 'Yopish' }));
      expect(within(cookingCard(1)).queryByRole('alert')).toBeNull();
    },
  },
  'kitchen.sound': {
    // The cook's first touch: the banner asking for it.
    exec: (w) => w.user!.click(screen.getByRole('button', { name: kitchenTexts.soundAsk })),
  },
  'xstate.done.actor.sendMove': {
    exec: async (w, _e, { after }) => {
      const sent = w.sends.shift()!;
      await sent.arrived;
      sent.release();
      await movesSettled(w, after as Snapshot);
    },
  },
  'xstate.error.actor.sendMove': {
    exec: async (w, e, { before, after }) => {
      const error = e.error as ApiError;
      const sent = w.sends.shift()!;
      const move = (before as Snapshot).context.queue[0] as QueuedMove;
      await sent.arrived;
      sent.fail(error.status, error.message);
      if (error.status === 401) {
        await unpairedMessage();
        return;
      }
      // Refused: the card says why (the orders are read again: the next step answers that read).
      expect(move.orderId).toBe('o1');
      expect(await within(cardOf1()).findByRole('alert')).toHaveTextContent(error.message);
      await movesSettled(w, after as Snapshot);
    },
  },
  [UNDO_EXPIRED_EVENT]: {
    exec: async () => {
      await runOut(UNDO_WINDOW_MS);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Qaytarish' })).toBeNull());
    },
  },
} satisfies Record<DisplayPathEvent, UiFixture<World>>;

/**
 * The stream's own child: a callback actor that never finishes, and whose failure the screen cannot cause (the client
 * reports a lost connection as a status; tests/machines covers a child that throws).
 */
const streamChild: Record<string, UiFixture<World>> = {
  'xstate.done.actor.kitchenEvents': { exec: notOnScreen('The stream child finishing') },
  'xstate.error.actor.kitchenEvents': { exec: notOnScreen('The stream child failing') },
};

const CONNECTION_WORDS = {
  live: kitchenTexts.live,
  connecting: kitchenTexts.connecting,
  offline: kitchenTexts.offline,
  paused: kitchenTexts.paused,
};

/** The header's word for the stream and the lost-connection banner, as the machine's connection says. */
function connectionShown(snapshot: Snapshot) {
  const { connection } = snapshot.context;
  expect(screen.getByTestId('kitchen-live')).toHaveTextContent(CONNECTION_WORDS[connection]);
  if (connection === 'offline') expect(screen.getByText(kitchenTexts.lostBanner)).toBeVisible();
  else expect(screen.queryByText(kitchenTexts.lostBanner)).toBeNull();
}

const checks = {
  loading: () => {
    expect(screen.getByText(kitchenTexts.loading)).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
  },
  loadFailed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(kitchenTexts.loadFailed);
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeEnabled();
    expect(screen.queryByRole('article')).toBeNull();
  },
  'ready.moves.idle': () => {
    expect(busyLines()).toHaveLength(0);
    expect(screen.queryByText(kitchenTexts.saving)).toBeNull();
  },
  'ready.moves.sending': () => {
    expect(busyLines().length).toBeGreaterThan(0);
    for (const line of busyLines()) expect(line).toHaveTextContent(kitchenTexts.saving);
  },
  'ready.sync.quiet': (_w: World, snapshot: Snapshot) => {
    expect(columns()).toHaveAttribute('aria-busy', 'false');
    connectionShown(snapshot);
  },
  'ready.sync.refreshing': (_w: World, snapshot: Snapshot) => {
    // Read again: the cards stay on screen meanwhile, no spinner takes their place.
    expect(columns()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
    expect(screen.queryByText(kitchenTexts.loading)).toBeNull();
    connectionShown(snapshot);
  },
  'ready.undo.none': () => {
    expect(screen.queryByRole('button', { name: 'Qaytarish' })).toBeNull();
  },
  'ready.undo.offered': async (_w: World, snapshot: Snapshot) => {
    const undo = await screen.findByRole('button', { name: 'Qaytarish' });
    expect(screen.getByText(/^Stol 5 · №1: Osh/)).toBeVisible();
    // Taken back only once nothing of that order is on its way.
    if (snapshot.can({ type: 'kitchen.undo' })) expect(undo).toBeEnabled();
    else expect(undo).toBeDisabled();
  },
  'ready.sound.locked': () => {
    expect(screen.getByRole('button', { name: kitchenTexts.soundAsk })).toBeVisible();
    expect(screen.queryByText(kitchenTexts.soundOn)).toBeNull();
  },
  'ready.sound.on': () => {
    expect(screen.queryByRole('button', { name: kitchenTexts.soundAsk })).toBeNull();
    expect(screen.getByText(kitchenTexts.soundOn)).toBeInTheDocument();
  },
  unpaired: async () => {
    await unpairedMessage();
    expect(screen.queryByRole('article')).toBeNull();
  },
};

const paths = walkedPaths();

describe('kitchen display paths on screen', () => {
  it('reach every state of the display machine and take every event the screen can make', () => {
    const { states } = coverage(walkedModel, paths);
    expect(states.covered).toEqual(expect.arrayContaining(states.all));
    const taken = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    const offered = walkedModel.events.map((e) => e.type).filter((type) => type !== 'kitchen.refresh');
    expect([...new Set(offered)].filter((type) => !taken.has(type))).toEqual([]);
  });

  it.each(paths.map((path, i) => [pathName(walkedModel, path, i), path] as const))('%s', async (_name, path) => {
    const world: World = { sends: [], placedQuietly: 0 };
    await runPathOnScreen({
      model: walkedModel,
      path,
      fixtures: { ...fixtures, ...streamChild },
      checks,
      world,
      start: async (w) => {
        w.user = (await renderKitchen({ token: kitchen.token })).user;
      },
      // Every call the display makes is held: its state is checked while the call is on its way, and the call's
      // done or error step answers it.
      onInvoke: (w, id) => {
        if (id === 'loadOrders') w.load = kitchen.hold('GET', ORDERS);
        if (id === 'refreshOrders') w.refresh = kitchen.hold('GET', ORDERS);
        if (id === 'sendMove') w.sends.push(kitchen.hold(['PUT', 'POST'], MOVES));
      },
    });
  });
});
