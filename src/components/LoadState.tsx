import { Alert, Button, Spinner } from 'react-bootstrap';
import { uz } from '../../lib/uz';

export function Loading({ text = uz.loadingUz }: { text?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 py-4 justify-content-center text-secondary" role="status">
      <Spinner size="sm" aria-hidden />
      <span>{text}</span>
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{message}</span>
      {onRetry && (
        <Button size="sm" variant="outline-danger" onClick={onRetry}>
          {uz.retry}
        </Button>
      )}
    </Alert>
  );
}
