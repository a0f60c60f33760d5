import { useSelector } from '@xstate/react';
import { Badge, Button, Card } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { selectProfile, selectProfileFailed, selectProfileLoading } from '../../../machines/auth/auth.selectors';
import { useAuth } from '../../app/AuthProvider';
import { ChangePassword } from '../../app/ChangePassword';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';

/** Spec 2.12: login, role and active status, and a logout button (no confirmation here); and the password change. */
export function ProfileScreen() {
  const auth = useAuth();
  const profile = useSelector(auth, selectProfile);
  const loading = useSelector(auth, selectProfileLoading);
  const failed = useSelector(auth, selectProfileFailed);

  return (
    <section className="screen">
      <header className="screen-header">
        <h1 className="h3 mb-0">{uz.profile}</h1>
      </header>
      {loading && <Loading />}
      {failed && <LoadError message={uz.profileLoadFailed} onRetry={() => auth.send({ type: 'session.retry' })} />}
      {profile && (
        <Card className="profile-card shadow-sm">
          <Card.Body>
            <dl className="profile-facts">
              <dt>{uz.login}</dt>
              <dd data-testid="profile-login">{profile.login}</dd>
              <dt>{uz.role}</dt>
              <dd data-testid="profile-role">{profile.role === 'admin' ? uz.roleAdmin : uz.roleManager}</dd>
              <dt>{uz.status}</dt>
              <dd>
                <Badge bg={profile.is_active ? 'success' : 'danger'}>
                  {profile.is_active ? uz.active : uz.inactive}
                </Badge>
              </dd>
            </dl>
          </Card.Body>
        </Card>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <ChangePassword />
        <Button variant="outline-danger" onClick={() => auth.send({ type: 'auth.logout' })}>
          <Icon name="logout" /> {uz.logout}
        </Button>
      </div>
    </section>
  );
}
