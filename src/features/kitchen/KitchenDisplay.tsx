import { useSelector } from '@xstate/react';
import { type PointerEvent, useEffect, useState } from 'react';
import {
  failureOf,
  selectAmberMinutes,
  selectConnection,
  selectConnectionLost,
  selectCookingOrders,
  selectFailures,
  selectFilter,
  selectIsLoading,
  selectIsReady,
  selectIsRefreshing,
  selectLoadFailed,
  selectOrderTaps,
  selectReadyCards,
  selectRedMinutes,
  selectSoundLocked,
} from '../../../machines/kitchen/kitchenDisplay.selectors';
import { KitchenCard } from './KitchenCard';
import { KitchenHeader } from './KitchenHeader';
import { createKitchenClock, KitchenClockContext } from './kitchenClock';
import { kitchenTexts } from './kitchenTexts';
import { ReadyCard } from './ReadyCard';
import type { DisplayActor } from './types';
import { UndoBar } from './UndoBar';

/**
 * The station's display: the header, what is lost (the stream, the sound), and two columns, what the kitchen still
 * makes and what waits for a waiter. A wide screen shows both side by side; a phone shows one, chosen in the header.
 * The first tap anywhere allows the new order's sound (the machine ignores it once allowed). One clock ticks for every
 * card's timer (kitchenClock.ts).
 */
export function KitchenDisplay({ actor }: { actor: DisplayActor }) {
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const ready = useSelector(actor, selectIsReady);
  const refreshing = useSelector(actor, selectIsRefreshing);
  const connection = useSelector(actor, selectConnection);
  const lost = useSelector(actor, selectConnectionLost);
  const soundLocked = useSelector(actor, selectSoundLocked);
  const filter = useSelector(actor, selectFilter);
  const cooking = useSelector(actor, selectCookingOrders);
  const readyCards = useSelector(actor, selectReadyCards);
  // What every card shows of the machine, read here once per snapshot and handed down as plain props.
  const taps = useSelector(actor, selectOrderTaps);
  const failures = useSelector(actor, selectFailures);
  const amber = useSelector(actor, selectAmberMinutes);
  const red = useSelector(actor, selectRedMinutes);
  const allowSound = () => actor.send({ type: 'kitchen.sound' });
  /**
   * Sound allowed where the browser counts a user gesture, or it stays silent: a mouse's pointerdown, but a finger's
   * (or pen's) pointerup only: its pointerdown is no gesture yet (HTML's activation-triggering events).
   */
  const allowSoundOn = (pointer: 'mouse' | 'finger') => (event: PointerEvent) => {
    if ((event.pointerType === 'mouse') === (pointer === 'mouse')) allowSound();
  };
  const [clock] = useState(createKitchenClock);
  useEffect(() => clock.start(), [clock]);

  return (
    <KitchenClockContext.Provider value={clock}>
      {/* Any first tap allows sound; the banner's button does it by keyboard. */}
      <div
        className="kitchen-display"
        onPointerDown={soundLocked ? allowSoundOn('mouse') : undefined}
        onPointerUp={soundLocked ? allowSoundOn('finger') : undefined}
      >
        <KitchenHeader actor={actor} />
        {lost && (
          <div className="kitchen-banner kitchen-banner-lost" role="alert">
            {kitchenTexts.lostBanner}
          </div>
        )}
        {connection === 'paused' && (
          <div className="kitchen-banner kitchen-banner-paused" role="status">
            {kitchenTexts.pausedBanner}
          </div>
        )}
        {ready && soundLocked && (
          <button type="button" className="kitchen-banner kitchen-banner-sound" onClick={allowSound}>
            {kitchenTexts.soundAsk}
          </button>
        )}
        {loading && (
          <div className="kitchen-center" role="status">
            <span className="spinner-border" aria-hidden="true" /> <span className="ms-2">{kitchenTexts.loading}</span>
          </div>
        )}
        {failed && (
          <div className="kitchen-center" role="alert">
            <p className="fs-5">{kitchenTexts.loadFailed}</p>
            <button
              type="button"
              className="btn btn-primary btn-lg"
              onClick={() => actor.send({ type: 'kitchen.retry' })}
            >
              {kitchenTexts.retry}
            </button>
          </div>
        )}
        {ready && (
          // aria-busy while the cards are read again: assistive technology waits for the catch-up, the cook sees no flicker.
          <div className="kitchen-columns" data-filter={filter} aria-busy={refreshing}>
            <section className="kitchen-column kitchen-column-cooking" aria-labelledby="kitchen-cooking-title">
              <h2 id="kitchen-cooking-title" className="kitchen-column-title">
                {kitchenTexts.cookingColumn} <span className="kitchen-count">{cooking.length}</span>
              </h2>
              {cooking.length === 0 ? (
                <p className="kitchen-empty">{kitchenTexts.cookingEmpty}</p>
              ) : (
                <div className="kitchen-cards">
                  {cooking.map((order) => (
                    <KitchenCard
                      key={order._id}
                      actor={actor}
                      order={order}
                      taps={taps.get(order._id)}
                      failure={failureOf(failures, order._id)}
                      amber={amber}
                      red={red}
                    />
                  ))}
                </div>
              )}
            </section>
            <section className="kitchen-column kitchen-column-ready" aria-labelledby="kitchen-ready-title">
              <h2 id="kitchen-ready-title" className="kitchen-column-title">
                {kitchenTexts.readyColumn} <span className="kitchen-column-hint">{kitchenTexts.readyColumnHint}</span>{' '}
                <span className="kitchen-count">{readyCards.length}</span>
              </h2>
              {readyCards.length === 0 ? (
                <p className="kitchen-empty">{kitchenTexts.readyEmpty}</p>
              ) : (
                <div className="kitchen-ready-cards">
                  {readyCards.map((card) => (
                    <ReadyCard
                      key={card.order._id}
                      actor={actor}
                      order={card.order}
                      taps={taps.get(card.order._id)}
                      amber={amber}
                      red={red}
                    />
                  ))}
                </div>
              )}
            </section>
          </div>
        )}
        <UndoBar actor={actor} />
      </div>
    </KitchenClockContext.Provider>
  );
}
