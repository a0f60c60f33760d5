import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import {
  selectIsSubmitting,
  selectLoginError,
  selectMissing,
  selectSessionExpired,
} from '../../../machines/auth/auth.selectors';
import { useAuth } from '../../app/AuthProvider';

/** Spec 2.3: login and password; 'Login yoki parol xato' when the server refuses. */
export function LoginScreen() {
  const auth = useAuth();
  const submitting = useSelector(auth, selectIsSubmitting);
  const error = useSelector(auth, selectLoginError);
  const missing = useSelector(auth, selectMissing);
  const expired = useSelector(auth, selectSessionExpired);
  const loginId = useId();
  const passwordId = useId();

  return (
    <main className="login-page d-flex align-items-center justify-content-center min-vh-100 p-3">
      <Card className="login-card shadow-sm w-100">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">{uz.appName}</h1>
          {expired && (
            <Alert variant="warning" role="alert">
              {uz.noToken}
            </Alert>
          )}
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          <Form
            noValidate
            aria-label={uz.signIn}
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              auth.send({
                type: 'auth.submit',
                login: String(form.get('login') ?? ''),
                password: String(form.get('password') ?? ''),
              });
            }}
          >
            <fieldset disabled={submitting}>
              <Form.Group className="mb-3" controlId={loginId}>
                <Form.Label>{uz.login}</Form.Label>
                <Form.Control
                  name="login"
                  autoComplete="username"
                  autoCapitalize="none"
                  aria-required
                  isInvalid={missing.includes('login')}
                />
                <Form.Control.Feedback type="invalid">{uz.loginRequired}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-4" controlId={passwordId}>
                <Form.Label>{uz.password}</Form.Label>
                <Form.Control
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  aria-required
                  isInvalid={missing.includes('password')}
                />
                <Form.Control.Feedback type="invalid">{uz.passwordRequired}</Form.Control.Feedback>
              </Form.Group>
              <Button type="submit" className="w-100" size="lg">
                {submitting && <Spinner size="sm" className="me-2" aria-hidden />}
                {submitting ? uz.signingIn : uz.signIn}
              </Button>
            </fieldset>
          </Form>
        </Card.Body>
      </Card>
    </main>
  );
}
