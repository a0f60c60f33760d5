import { Button, ListGroup, Spinner } from 'react-bootstrap';
import type { StaffCall } from '../../../client/orders';
import { uzOrdering } from '../../../lib/uz-ordering';
import { uzTelegram } from '../../../lib/uz-telegram';
import { orderTime } from './orderTime';

interface CallListProps {
  calls: readonly StaffCall[];
  busyId: string | null;
  disabled: boolean;
  onDone: (id: string) => void;
}

/** The waiter calls still waiting, apart from the orders: a table asking for the waiter or the bill. */
export function CallList({ calls, busyId, disabled, onDone }: CallListProps) {
  return (
    <section className="calls mb-3" aria-labelledby="calls-title">
      <h2 id="calls-title" className="h6 text-secondary mb-2">
        {uzOrdering.calls}
      </h2>
      {calls.length === 0 ? (
        <p className="small text-secondary mb-0">{uzOrdering.callsEmpty}</p>
      ) : (
        <ListGroup data-testid="calls">
          {calls.map((call) => (
            <ListGroup.Item key={call._id} className="d-flex align-items-center justify-content-between gap-2">
              <span>
                <strong>{uzOrdering.tableTitle(call.table.name)}</strong>:{' '}
                {call.type === 'bill' ? uzOrdering.callBill : uzOrdering.callWaiter}
                <time className="d-block small text-secondary" dateTime={call.createdAt}>
                  {orderTime(call.createdAt)}
                </time>
                {call.telegram_error && (
                  <span className="d-block small text-danger" data-testid="call-telegram-error">
                    {uzTelegram.telegramUndelivered(call.telegram_error)}
                  </span>
                )}
              </span>
              <Button
                variant="outline-success"
                onClick={() => onDone(call._id)}
                disabled={disabled || busyId === call._id}
                aria-label={`${uzOrdering.callDone}: ${uzOrdering.tableTitle(call.table.name)}`}
              >
                {busyId === call._id && <Spinner size="sm" className="me-1" aria-hidden />}
                {uzOrdering.callDone}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
