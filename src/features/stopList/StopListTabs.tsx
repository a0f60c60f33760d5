import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import type { Tab } from '../../../machines/stopList/catalog';

interface StopListTabsProps {
  tab: Tab;
  counts: Record<Tab, number>;
  /** Whether each tab can be switched to now (not while a move runs). */
  canSwitch: boolean;
  onSwitch: (tab: Tab) => void;
}

const TABS: Array<{ tab: Tab; label: string }> = [
  { tab: 'available', label: uz.stopListTabAvailable },
  { tab: 'stopped', label: uz.stopListTabStopped },
];

/** Mavjud / Stop-list, each with how many products it holds. */
export function StopListTabs({ tab, counts, canSwitch, onSwitch }: StopListTabsProps) {
  return (
    <div className="stop-tabs" role="tablist" aria-label={uzCatalog.stopListTabs}>
      {TABS.map((item) => {
        const current = item.tab === tab;
        return (
          <button
            key={item.tab}
            type="button"
            role="tab"
            id={`stop-tab-${item.tab}`}
            aria-selected={current}
            aria-controls="stop-list-panel"
            className={`stop-tab${current ? ' active' : ''} stop-tab-${item.tab}`}
            disabled={!current && !canSwitch}
            onClick={() => {
              if (!current) onSwitch(item.tab);
            }}
          >
            <span>{item.label}</span>
            <span className="stop-tab-count">{counts[item.tab]}</span>
          </button>
        );
      })}
    </div>
  );
}
