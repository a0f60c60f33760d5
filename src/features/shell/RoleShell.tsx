import { useSelector } from '@xstate/react';
import { selectRole } from '../../../machines/auth/auth.selectors';
import { useAuth } from '../../app/AuthProvider';
import { AdminShell } from './AdminShell';
import { ManagerShell } from './ManagerShell';

/** Screens both roles reach: inside the sidebar for an admin, above the bottom bar for a manager. */
export function RoleShell() {
  const role = useSelector(useAuth(), selectRole);
  return role === 'manager' ? <ManagerShell /> : <AdminShell />;
}
