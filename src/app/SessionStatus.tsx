import { useSelector } from '@xstate/react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { uz } from '../../lib/uz';
import { selectProfile, selectProfileFailed, selectProfileLoading } from '../../machines/auth/auth.selectors';
import { useAuth } from './AuthProvider';

/** Who is logged in, shown in the shells; when the profile cannot be loaded, the spec's message and a retry. */
export function SessionStatus({ className = '' }: { className?: string }) {
  const auth = useAuth();
  const profile = useSelector(auth, selectProfile);
  const loading = useSelector(auth, selectProfileLoading);
  const failed = useSelector(auth, selectProfileFailed);
  if (failed) {
    return (
      <Alert variant="danger" className={`session-status py-2 ${className}`} data-testid="session-status">
        <div className="small mb-1">{uz.profileLoadFailed}</div>
        <Button size="sm" variant="outline-danger" onClick={() => auth.send({ type: 'session.retry' })}>
          {uz.retry}
        </Button>
      </Alert>
    );
  }
  return (
    <div className={`session-status small ${className}`} data-testid="session-status" aria-busy={loading}>
      {loading ? <Spinner size="sm" aria-label={uz.loadingUz} /> : profile?.login}
    </div>
  );
}
