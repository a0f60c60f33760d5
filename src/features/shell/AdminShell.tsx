import { useState } from 'react';
import { Button, Nav, Offcanvas } from 'react-bootstrap';
import { NavLink, Outlet } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { uzInsights } from '../../../lib/uz-insights';
import { useAuth } from '../../app/AuthProvider';
import { LogoutConfirm } from '../../app/LogoutConfirm';
import { paths } from '../../app/paths';
import { SessionStatus } from '../../app/SessionStatus';
import { Icon, type IconName } from '../../components/Icon';

const LINKS: Array<{ to: string; label: string; icon: IconName }> = [
  { to: paths.adminRestaurants(), label: uz.navRestaurants, icon: 'shop' },
  { to: paths.adminManagers(), label: uz.managers, icon: 'people' },
  // The whole platform's report; a restaurant's own is opened from its page.
  { to: paths.adminInsights(), label: uzInsights.title, icon: 'list' },
  { to: paths.adminProfile(), label: uz.navProfile, icon: 'person' },
];

/**
 * Spec 2.4: a sidebar with Restoranlar and Profil (and the managers screen), which becomes a drawer below the
 * lg breakpoint, opened from the top bar.
 */
export function AdminShell() {
  const auth = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);
  return (
    <div className="admin-shell">
      <header className="admin-topbar d-lg-none">
        <Button variant="link" className="text-white p-1" aria-label={uz.menu} onClick={() => setDrawerOpen(true)}>
          <Icon name="menu" size={24} />
        </Button>
        <span className="fw-semibold">{uz.appName}</span>
      </header>
      <Offcanvas
        show={drawerOpen}
        onHide={close}
        responsive="lg"
        className="admin-sidebar"
        aria-labelledby="sidebar-title"
      >
        <Offcanvas.Header closeButton>
          <Offcanvas.Title id="sidebar-title">{uz.appName}</Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body className="flex-column">
          <div className="sidebar-brand d-none d-lg-block">{uz.appName}</div>
          <Nav as="nav" className="flex-column gap-1" aria-label="sidebar">
            {LINKS.map((link) => (
              <Nav.Link as={NavLink} key={link.to} to={link.to} onClick={close} className="sidebar-link">
                <Icon name={link.icon} /> <span>{link.label}</span>
              </Nav.Link>
            ))}
          </Nav>
          <div className="sidebar-footer mt-auto pt-3">
            <SessionStatus className="mb-2 px-2" />
            <Button
              variant="outline-light"
              size="sm"
              className="sidebar-logout w-100"
              onClick={() => {
                close();
                auth.send({ type: 'logout.request' });
              }}
            >
              <Icon name="logout" /> {uz.logoutTitle}
            </Button>
          </div>
        </Offcanvas.Body>
      </Offcanvas>
      <main className="admin-main">
        <Outlet />
      </main>
      <LogoutConfirm />
    </div>
  );
}
