import { Link, useLocation } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { type BottomTab, bottomTabFor, paths } from '../../app/paths';
import { Icon, type IconName } from '../../components/Icon';

const TABS: Array<{ tab: BottomTab; to: string; label: string; icon: IconName }> = [
  { tab: 'home', to: paths.admin(), label: uz.tabHome, icon: 'home' },
  { tab: 'menu', to: paths.productStopList(), label: uz.tabMenu, icon: 'list' },
  { tab: 'categories', to: paths.managerCategoryList(), label: uz.tabCategories, icon: 'grid' },
];

/** Spec 2.13: the manager's fixed bottom bar; the highlighted tab follows the path. */
export function BottomNav() {
  const active = bottomTabFor(useLocation().pathname);
  return (
    <nav className="bottom-nav" aria-label="bottom navigation">
      {TABS.map((tab) => (
        <Link
          key={tab.tab}
          to={tab.to}
          className={`bottom-nav-tab${active === tab.tab ? ' active' : ''}`}
          aria-current={active === tab.tab ? 'page' : undefined}
        >
          <Icon name={tab.icon} size={22} />
          <span>{tab.label}</span>
        </Link>
      ))}
    </nav>
  );
}
