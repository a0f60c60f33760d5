import { Outlet } from 'react-router-dom';
import { ToastProvider } from '../components/Toasts';
import { AuthProvider } from './AuthProvider';

/** The root route's element: toasts and the auth session around every screen (inside the router: it navigates). */
export function AppRoot() {
  return (
    <ToastProvider>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </ToastProvider>
  );
}
