import { useSelector } from '@xstate/react';
import { uz } from '../../lib/uz';
import { selectConfirmingLogout } from '../../machines/auth/auth.selectors';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useAuth } from './AuthProvider';

/** Spec 2.7: 'Hisobdan chiqish' — 'Ha, chiqish' removes the token; 'Bekor qilish' keeps the session. */
export function LogoutConfirm() {
  const auth = useAuth();
  const show = useSelector(auth, selectConfirmingLogout);
  return (
    <ConfirmDialog
      show={show}
      title={uz.logoutTitle}
      confirmLabel={uz.logoutConfirm}
      cancelLabel={uz.logoutCancel}
      onConfirm={() => auth.send({ type: 'auth.logout' })}
      onCancel={() => auth.send({ type: 'logout.cancel' })}
    >
      {uz.logoutQuestion}
    </ConfirmDialog>
  );
}
