import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Actor, type AnyActorLogic } from 'xstate';
import { kitchenMessages } from '../../server/messages/kitchen';
import { ARRIVING, DEVICE, LOADED, ORDER_1, sampleLine, sampleOrder } from './models/kitchen.model';
import { alerts } from './support/fakeAlertSound';
import { FakeEventSource, type FakeKitchenServer } from './support/fakeKitchen';
import { cookingCard, lineButton, queryReadyCard, readyCard, renderKitchen, startKitchenUi } from './support/kitchenUi';

/**
 * The paired kitchen display against the fake kitchen API: cards, taps that move lines one step on, "Hammasi tayyor",
 * "Qaytarish", a refused move on its card, the live stream (a new card and its sound, "Aloqa yo'q" and the catch-up),
 * and the phone's column choice.
 */

let kitchen: FakeKitchenServer;
beforeAll(async () => {
  kitchen = await startKitchenUi();
});
afterAll(() => kitchen.close());
beforeEach(() => {
  // Orders placed a few minutes ago by this device's clock: the timers read minutes, not hours.
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  kitchen.reset(DEVICE, [
    { ...ORDER_1, createdAt: minutesAgo(12), updatedAt: minutesAgo(11) },
    { ...LOADED.data[1]!, createdAt: minutesAgo(3), updatedAt: minutesAgo(2) },
  ]);
  alerts.count = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDisplay() {
  const app = await renderKitchen({ token: kitchen.token });
  await screen.findByRole('article', { name: /^Buyurtma №1 ·/ });
  return app;
}

/** The stream opens (the display then reads the orders again, to catch up). */
async function goLive() {
  await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
  act(() => FakeEventSource.current()!.open());
  await screen.findByText('Jonli');
}

describe('kitchen display: cards', () => {
  it('one card per order, oldest first: table and number, the timer, the comment, lines with their options and states', async () => {
    await openDisplay();
    const cooking = screen.getByRole('region', { name: /^Tayyorlanmoqda/ });
    const card = cookingCard(1);
    expect(within(card).getByText('Stol 5')).toBeVisible();
    expect(within(card).getByText('№1')).toBeVisible();
    expect(within(card).getByText('Piyozsiz, tezroq')).toBeVisible();
    // Placed 12 minutes ago: past the station's 10 amber minutes.
    const timer = within(card).getByRole('timer');
    expect(timer).toHaveTextContent(/^12:0\d$/);
    expect(timer).toHaveAccessibleName(/^Buyurtma berilganiga 12:0\d$/);
    expect(timer).toHaveClass('kitchen-timer-amber');
    const osh = lineButton(card, 2, 'Osh');
    expect(osh).toHaveTextContent('Katta porsiya');
    expect(osh).toHaveTextContent('yangi');
    expect(osh).toHaveAccessibleName('2 × Osh: yangi. Bosing: tayyorlanmoqda');
    expect(lineButton(card, 1, "Lag'mon")).toHaveTextContent('tayyorlanmoqda');
    // №2's only line is ready: it waits for a waiter, in the other column.
    expect(within(cooking).queryByRole('article', { name: /№2/ })).toBeNull();
    expect(lineButton(readyCard(2), 3, 'Somsa')).toHaveAccessibleName('3 × Somsa: tayyor. Bosing: berildi');
  });
});

describe('kitchen display: timers', () => {
  /** A whole second of the device's clock: the orders below are placed whole minutes before it. */
  const NOW = Date.parse('2026-11-26T12:30:00.000Z');
  const tick = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  beforeEach(() => {
    // The cards' clock and the device's time are the test's; calls and the screen's own waits run in real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW });
    kitchen.reset(DEVICE, [{ ...ORDER_1, createdAt: new Date(NOW - 12 * 60_000).toISOString() }]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a card in the "Tayyor" column shows the age of its order, as its card in the other column does, and both count on together', async () => {
    const { user } = await openDisplay();
    const cookingTimer = within(cookingCard(1)).getByRole('timer');
    expect(cookingTimer).toHaveTextContent('12:00');
    // Half a second later the Lag'mon is ready: №1 is now in both columns (its Osh is still new).
    await tick(500);
    await user.click(lineButton(cookingCard(1), 1, "Lag'mon"));
    const readyTimer = await waitFor(() => within(readyCard(1)).getByRole('timer'));
    expect(readyTimer).toHaveTextContent('12:00');
    expect(readyTimer).toHaveAccessibleName('Buyurtma berilganiga 12:00');
    for (let elapsed = 600; elapsed <= 3000; elapsed += 100) {
      await tick(100);
      expect(readyTimer.textContent, `${elapsed} ms on`).toBe(cookingTimer.textContent);
    }
    expect(readyTimer).toHaveTextContent('12:03');
  });

  it('a card turns amber at the station’s minutes on the same tick as its timer', async () => {
    kitchen.reset(DEVICE, [{ ...ORDER_1, createdAt: new Date(NOW - 10 * 60_000 + 2000).toISOString() }]);
    await openDisplay();
    const card = cookingCard(1);
    const timer = within(card).getByRole('timer');
    expect(timer).toHaveTextContent('09:58');
    expect(card).toHaveClass('kitchen-card-fresh');
    await tick(1000);
    expect(timer).toHaveTextContent('09:59');
    expect(card).toHaveClass('kitchen-card-fresh');
    await tick(1000);
    expect(timer).toHaveTextContent('10:00');
    expect(timer).toHaveClass('kitchen-timer-amber');
    expect(card).toHaveClass('kitchen-card-amber');
  });
});

describe('kitchen display: moves', () => {
  it('a tap moves a line one step on: new → cooking → ready (to the waiter’s column) → served (gone)', async () => {
    const { user } = await openDisplay();
    await user.click(lineButton(cookingCard(1), 2, 'Osh'));
    await waitFor(() => expect(lineButton(cookingCard(1), 2, 'Osh')).toHaveTextContent('tayyorlanmoqda'));
    const [move] = kitchen.callsTo('PUT', /^\/kitchen\/orders\/o1\/items\/0$/);
    expect(move).toMatchObject({ authorization: `Bearer ${kitchen.token}`, body: { status: 'cooking' } });

    await user.click(lineButton(cookingCard(1), 2, 'Osh'));
    await waitFor(() => expect(lineButton(readyCard(1), 2, 'Osh')).toBeVisible());
    await user.click(lineButton(readyCard(1), 2, 'Osh'));
    await waitFor(() => expect(queryReadyCard(1)).toBeNull());
    expect(lineButton(cookingCard(1), 2, 'Osh')).toHaveTextContent('berildi');
    expect(lineButton(cookingCard(1), 2, 'Osh')).toBeDisabled();
    expect(kitchen.callsTo('PUT', /items\/0$/).map((call) => (call.body as { status: string }).status)).toEqual([
      'cooking',
      'ready',
      'served',
    ]);
  });

  it('"Hammasi tayyor" makes every line ready: the card moves to the waiter’s column', async () => {
    const { user } = await openDisplay();
    await user.click(within(cookingCard(1)).getByRole('button', { name: 'Hammasi tayyor' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /^Buyurtma №1 ·/ })).toBeNull());
    expect(
      within(readyCard(1))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['2 × Osh: tayyor. Bosing: berildi', "1 × Lag'mon: tayyor. Bosing: berildi"]);
    expect(kitchen.callsTo('POST', /^\/kitchen\/orders\/o1\/ready$/)).toHaveLength(1);
    expect(screen.getByRole('region', { name: /^Tayyorlanmoqda/ })).toHaveTextContent("Hozircha buyurtma yo'q.");
  });

  it('while a move is on its way its line says so, keeps the focus and takes no second tap', async () => {
    const held = kitchen.hold('PUT', /^\/kitchen\/orders\/o1\/items\/0$/);
    const { user } = await openDisplay();
    await user.click(lineButton(cookingCard(1), 2, 'Osh'));
    await held.arrived;
    const osh = lineButton(cookingCard(1), 2, 'Osh');
    // aria-disabled, not disabled: the tapped button keeps the focus while it saves.
    expect(osh).toHaveAttribute('aria-disabled', 'true');
    expect(osh).toBeEnabled();
    expect(osh).toHaveFocus();
    expect(osh).toHaveAttribute('aria-busy', 'true');
    expect(within(osh).getByText('Saqlanmoqda…')).toBeInTheDocument();
    // "Hammasi tayyor" waits for the card's move as well.
    expect(within(cookingCard(1)).getByRole('button', { name: 'Hammasi tayyor' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(osh);
    // Another line still takes its tap at once (it waits in the queue).
    await user.click(lineButton(cookingCard(1), 1, "Lag'mon"));
    held.release();
    await waitFor(() => expect(lineButton(readyCard(1), 1, "Lag'mon")).toBeVisible());
    expect(lineButton(cookingCard(1), 2, 'Osh')).toHaveTextContent('tayyorlanmoqda');
    expect(kitchen.callsTo('PUT', /^\/kitchen\/orders\/o1\/items\/0$/)).toHaveLength(1);
  });

  it('a tap’s answer comes before its request: the line says it is saving, and the move is sent after the next frame', async () => {
    await openDisplay();
    const fetches = vi.spyOn(globalThis, 'fetch');
    const moves = () =>
      fetches.mock.calls.filter(([request]) =>
        String(request instanceof Request ? request.url : request).includes('/items/0'),
      );
    fireEvent.click(lineButton(cookingCard(1), 2, 'Osh'));
    // The tap's own task and the ones queued by it are done; the frame with the spinner has not been painted yet.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(within(lineButton(cookingCard(1), 2, 'Osh')).getByText('Saqlanmoqda…')).toBeInTheDocument();
    expect(moves()).toHaveLength(0);
    await waitFor(() => expect(lineButton(cookingCard(1), 2, 'Osh')).toHaveTextContent('tayyorlanmoqda'));
    expect(moves()).toHaveLength(1);
    fetches.mockRestore();
  });

  it('a refused move is shown on its card in Uzbek, the card is read again, and the note can be closed', async () => {
    const refusal = kitchenMessages.lineMoveRefused('ready', 'cooking');
    kitchen.fail('PUT', /^\/kitchen\/orders\/o1\/items\/0$/, 409, refusal);
    const { user } = await openDisplay();
    const before = kitchen.callsTo('GET', /^\/kitchen\/orders$/).length;
    await user.click(lineButton(cookingCard(1), 2, 'Osh'));
    expect(await within(cookingCard(1)).findByRole('alert')).toHaveTextContent(refusal);
    await waitFor(() => expect(kitchen.callsTo('GET', /^\/kitchen\/orders$/)).toHaveLength(before + 1));
    // Nothing lost: the line is where it was and takes the next tap.
    expect(lineButton(cookingCard(1), 2, 'Osh')).toHaveTextContent('yangi');
    await user.click(within(cookingCard(1)).getByRole('button', { name: 'Yopish' }));
    expect(within(cookingCard(1)).queryByRole('alert')).toBeNull();
    await user.click(lineButton(cookingCard(1), 2, 'Osh'));
    await waitFor(() => expect(lineButton(cookingCard(1), 2, 'Osh')).toHaveTextContent('tayyorlanmoqda'));
  });

  it('"Qaytarish" takes back the last move made here, then goes', async () => {
    const { user } = await openDisplay();
    expect(screen.queryByRole('button', { name: 'Qaytarish' })).toBeNull();
    await user.click(lineButton(cookingCard(1), 2, 'Osh'));
    const undo = await screen.findByRole('button', { name: 'Qaytarish' });
    expect(screen.getByText('Stol 5 · №1: Osh → tayyorlanmoqda')).toBeVisible();
    await user.click(undo);
    await waitFor(() => expect(lineButton(cookingCard(1), 2, 'Osh')).toHaveTextContent('yangi'));
    expect(screen.queryByRole('button', { name: 'Qaytarish' })).toBeNull();
    expect(kitchen.callsTo('PUT', /items\/0$/).map((call) => (call.body as { status: string }).status)).toEqual([
      'cooking',
      'new',
    ]);
  });
});

describe('kitchen display: live', () => {
  it('a new order appears live and sounds once the screen was tapped', async () => {
    const { user } = await openDisplay();
    await goLive();
    expect(screen.getByRole('button', { name: 'Yangi buyurtma ovozi uchun ekranga bir marta teging' })).toBeVisible();
    act(() => {
      kitchen.publish('order.created', { ...ARRIVING, createdAt: new Date().toISOString() });
    });
    expect(await screen.findByRole('article', { name: /^Buyurtma №3 · Stol 7/ })).toBeVisible();
    expect(alerts.count).toBe(0);

    // Any first tap allows the sound (and plays it once, so the cook hears it works): a finger's when it lifts, the
    // moment the browser counts it as a gesture.
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1, name: 'Oshxona' }), { pointerType: 'touch' });
    expect(alerts.count).toBe(0);
    fireEvent.pointerUp(screen.getByRole('heading', { level: 1, name: 'Oshxona' }), { pointerType: 'touch' });
    expect(alerts.count).toBe(1);
    expect(screen.queryByRole('button', { name: /ekranga bir marta teging/ })).toBeNull();
    act(() => {
      kitchen.publish('order.created', sampleOrder('o4', { number: 4, items: [sampleLine(0, { name: 'Manti' })] }));
    });
    expect(await screen.findByRole('article', { name: /^Buyurtma №4 ·/ })).toBeVisible();
    expect(alerts.count).toBe(2);
    // A change to a known order does not sound.
    await user.click(lineButton(cookingCard(3), 4, 'Shashlik'));
    await waitFor(() => expect(lineButton(cookingCard(3), 4, 'Shashlik')).toHaveTextContent('tayyorlanmoqda'));
    expect(alerts.count).toBe(2);
  });

  it('an order closed elsewhere leaves the display', async () => {
    await openDisplay();
    await goLive();
    act(() => {
      kitchen.publish('order.updated', { ...kitchen.order('o1'), open: false });
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: /^Buyurtma №1 ·/ })).toBeNull());
  });

  it('"Aloqa yo\'q" while the stream is lost; back, it resumes after its last event and catches up without duplicates', async () => {
    await openDisplay();
    await goLive();
    const lastId = kitchen.publish('order.updated', { ...kitchen.order('o1') });
    act(() => FakeEventSource.current()!.fail());
    expect(await screen.findByRole('alert')).toHaveTextContent("Aloqa yo'q: yangi buyurtmalar kelmayapti");
    expect(screen.getByTestId('kitchen-live')).toHaveTextContent("Aloqa yo'q");

    // Placed while the stream is down: no event reaches the display…
    kitchen.publish('order.created', { ...ARRIVING, createdAt: new Date().toISOString() });
    const reads = kitchen.callsTo('GET', /^\/kitchen\/orders$/).length;
    // …until it reconnects (a second later) with a new ticket, after the last event it had.
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 4000 });
    expect(FakeEventSource.current()!.url).toContain(`last_event_id=${lastId}`);
    expect(FakeEventSource.current()!.url).toMatch(/ticket=ticket-\d+/);
    expect(screen.getByRole('alert')).toHaveTextContent("Aloqa yo'q");
    act(() => FakeEventSource.current()!.open());
    await waitFor(() => expect(screen.queryByText(/Aloqa yo'q/)).toBeNull());
    expect(await screen.findByRole('article', { name: /^Buyurtma №3 ·/ })).toBeVisible();
    expect(kitchen.callsTo('GET', /^\/kitchen\/orders$/).length).toBe(reads + 1);
    // The same order replayed by the stream changes nothing: one card each.
    act(() => {
      kitchen.publish('order.updated', kitchen.order('o3'));
    });
    expect(screen.getAllByRole('article', { name: /^Buyurtma №3 ·/ })).toHaveLength(1);
    expect(screen.getAllByRole('article', { name: /^Buyurtma №\d+ ·/ })).toHaveLength(2);
  });
});

describe('kitchen display: many cards', () => {
  /** Subscriptions open on the display machine (every useSelector is one, each run again at every snapshot). */
  function countDisplaySubscriptions() {
    const open = new Set<object>();
    const subscribe = Actor.prototype.subscribe;
    vi.spyOn(Actor.prototype, 'subscribe').mockImplementation(function (
      this: Actor<AnyActorLogic>,
      ...args: Parameters<typeof subscribe>
    ) {
      const subscription = subscribe.apply(this, args);
      if ((this.logic as { id?: string }).id !== 'kitchenDisplay') return subscription;
      const mark = {};
      open.add(mark);
      return {
        unsubscribe() {
          open.delete(mark);
          subscription.unsubscribe();
        },
      };
    });
    return open;
  }
  const orders = (count: number) =>
    Array.from({ length: count }, (_, n) =>
      sampleOrder(`o${n + 1}`, {
        number: n + 1,
        items: [sampleLine(0), sampleLine(1, { name: "Lag'mon" }), sampleLine(2, { name: 'Somsa', status: 'ready' })],
      }),
    );
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the screen reads the machine the same few times for 2 cards as for 20: the display hands each card and line its answers', async () => {
    const open = countDisplaySubscriptions();
    kitchen.reset(DEVICE, orders(2));
    const few = await openDisplay();
    const forTwo = open.size;
    few.unmount();
    kitchen.reset(DEVICE, orders(20));
    await openDisplay();
    expect(screen.getAllByRole('article', { name: /^Buyurtma №\d+ ·/ })).toHaveLength(20);
    expect(open.size).toBe(forTwo);
    expect(forTwo).toBeGreaterThan(0);
    expect(forTwo).toBeLessThan(30);
  });
});

describe('kitchen display: on a phone', () => {
  it('the header chooses the column a narrow screen shows', async () => {
    const { user } = await openDisplay();
    const choice = screen.getByRole('group', { name: "Ko'rinish" });
    const cooking = within(choice).getByRole('button', { name: /^Tayyorlanmoqda 1$/ });
    const ready = within(choice).getByRole('button', { name: /^Tayyor 1$/ });
    expect(cooking).toHaveAttribute('aria-pressed', 'true');
    await user.click(ready);
    expect(ready).toHaveAttribute('aria-pressed', 'true');
    expect(cooking).toHaveAttribute('aria-pressed', 'false');
  });
});
