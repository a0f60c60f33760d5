import { useSelector } from '@xstate/react';
import type { LiveStatus } from '../../../machines/kitchen/kitchenDisplay.actors';
import { KITCHEN_FILTERS, type KitchenFilter } from '../../../machines/kitchen/kitchenDisplay.rules';
import {
  selectConnection,
  selectCookingOrders,
  selectFilter,
  selectIsReady,
  selectReadyCards,
  selectRestaurantName,
  selectSoundLocked,
  selectStationName,
} from '../../../machines/kitchen/kitchenDisplay.selectors';
import { kitchenTexts } from './kitchenTexts';
import type { DisplayActor } from './types';

const CONNECTION: Record<LiveStatus, string> = {
  live: kitchenTexts.live,
  connecting: kitchenTexts.connecting,
  offline: kitchenTexts.offline,
  paused: kitchenTexts.paused,
};
const FILTER_WORDS: Record<KitchenFilter, string> = {
  cooking: kitchenTexts.cookingColumn,
  ready: kitchenTexts.readyColumn,
};

/** The station and its restaurant, whether the display is live, whether it may sound, and a phone's column choice. */
export function KitchenHeader({ actor }: { actor: DisplayActor }) {
  const restaurant = useSelector(actor, selectRestaurantName);
  const station = useSelector(actor, selectStationName);
  const connection = useSelector(actor, selectConnection);
  const soundLocked = useSelector(actor, selectSoundLocked);
  const ready = useSelector(actor, selectIsReady);
  const filter = useSelector(actor, selectFilter);
  const counts: Record<KitchenFilter, number> = {
    cooking: useSelector(actor, selectCookingOrders).length,
    ready: useSelector(actor, selectReadyCards).length,
  };

  return (
    <header className="kitchen-header">
      <div className="kitchen-title">
        <h1 className="kitchen-station">{station ?? kitchenTexts.allStations}</h1>
        {restaurant && <span className="kitchen-restaurant">{restaurant}</span>}
      </div>
      {ready && (
        <div className="kitchen-header-side">
          {!soundLocked && (
            <span className="kitchen-sound-on" title={kitchenTexts.soundOn}>
              <svg
                width="22"
                height="22"
                viewBox="0 0 16 16"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                aria-hidden
              >
                <path d="M4 11V7a4 4 0 0 1 8 0v4l1.5 1.5h-11zM6.5 14h3" />
              </svg>
              <span className="visually-hidden">{kitchenTexts.soundOn}</span>
            </span>
          )}
          <span className={`kitchen-live kitchen-live-${connection}`} role="status" data-testid="kitchen-live">
            <span className="kitchen-live-dot" aria-hidden />
            {CONNECTION[connection]}
          </span>
        </div>
      )}
      {ready && (
        // Shown on narrow screens only (kitchen.css): a wide one shows both columns.
        <fieldset className="btn-group kitchen-filter" aria-label={kitchenTexts.columns}>
          {KITCHEN_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={`kitchen-filter-button${filter === value ? ' active' : ''}`}
              aria-pressed={filter === value}
              onClick={() => actor.send({ type: 'kitchen.filter', filter: value })}
            >
              {FILTER_WORDS[value]} <span className="kitchen-count">{counts[value]}</span>
            </button>
          ))}
        </fieldset>
      )}
    </header>
  );
}
