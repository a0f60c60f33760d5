import { useActorRef, useSelector } from '@xstate/react';
import { Badge } from 'react-bootstrap';
import { Link, useLocation } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { uzOrdering } from '../../../lib/uz-ordering';
import { selectAnyOrderingOn, selectTabCount } from '../../../machines/orders/orders.selectors';
import { ordersTabMachine } from '../../../machines/orders/ordersTab.machine';
import { useAuth } from '../../app/AuthProvider';
import { type BottomTab, bottomTabFor, paths } from '../../app/paths';
import { Icon, type IconName } from '../../components/Icon';

const TABS: Array<{ tab: BottomTab; to: string; label: string; icon: IconName }> = [
  { tab: 'home', to: paths.admin(), label: uz.tabHome, icon: 'home' },
  { tab: 'menu', to: paths.productStopList(), label: uz.tabMenu, icon: 'list' },
  { tab: 'categories', to: paths.managerCategoryList(), label: uz.tabCategories, icon: 'grid' },
  // Not in spec 2.13: a restaurant's tables (their QR codes and cards) one tap away rather than four.
  { tab: 'tables', to: paths.tables(), label: uzOrdering.tables, icon: 'table' },
];

const tabClass = (active: boolean) => `bottom-nav-tab${active ? ' active' : ''}`;

/**
 * Spec 2.13: the manager's fixed bottom bar; the highlighted tab follows the path. "Stollar" is always there (tables
 * were four taps deep), and "Buyurtmalar" while one of the manager's restaurants takes orders (the session knows).
 */
export function BottomNav() {
  const active = bottomTabFor(useLocation().pathname);
  const ordering = useSelector(useAuth(), selectAnyOrderingOn);
  return (
    <nav className="bottom-nav" aria-label="bottom navigation">
      {TABS.map((tab) => (
        <Link
          key={tab.tab}
          to={tab.to}
          className={tabClass(active === tab.tab)}
          aria-current={active === tab.tab ? 'page' : undefined}
        >
          <Icon name={tab.icon} size={22} />
          <span>{tab.label}</span>
        </Link>
      ))}
      {ordering && <OrdersTab active={active === 'orders'} />}
    </nav>
  );
}

/**
 * The fourth tab with its badge (new orders and waiting calls). Its machine (the counts and their live stream) runs
 * only while the tab is shown: mounted with it, stopped with it.
 */
function OrdersTab({ active }: { active: boolean }) {
  const count = useSelector(useActorRef(ordersTabMachine), selectTabCount);
  return (
    <Link
      to={paths.orders()}
      className={tabClass(active)}
      aria-current={active ? 'page' : undefined}
      aria-label={count > 0 ? uzOrdering.ordersTabCount(count) : undefined}
    >
      <span className="position-relative d-inline-flex">
        <Icon name="shop" size={22} />
        {count > 0 && (
          <Badge
            bg="danger"
            pill
            className="position-absolute top-0 start-100 translate-middle"
            data-testid="orders-badge"
            aria-hidden
          >
            {count > 99 ? '99+' : count}
          </Badge>
        )}
      </span>
      <span>{uzOrdering.orders}</span>
    </Link>
  );
}
