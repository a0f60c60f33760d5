import { Alert, Badge, Button, Card, Spinner } from 'react-bootstrap';
import type { OrderStatus, StaffOrder } from '../../../client/orders';
import { sumSom } from '../../../lib/bill';
import { formatPrice, formatRowChoice } from '../../../lib/format';
import { uzOrdering } from '../../../lib/uz-ordering';
import { uzPayments } from '../../../lib/uz-payments';
import { uzTelegram } from '../../../lib/uz-telegram';
import { allowedChanges } from '../../../machines/orders/orders.rules';
import { canPayInCash, type PaymentShown, paymentShown } from '../../../machines/orders/payment.rules';
import { canRetryPos, type PosShown, posShown } from '../../../machines/orders/pos.rules';
import { orderTime } from './orderTime';

const STATUS: Record<OrderStatus, { text: string; bg: string; dark?: boolean }> = {
  new: { text: uzOrdering.orderStatusNew, bg: 'warning', dark: true },
  accepted: { text: uzOrdering.orderStatusAccepted, bg: 'primary' },
  served: { text: uzOrdering.orderStatusServed, bg: 'success' },
  cancelled: { text: uzOrdering.orderStatusCancelled, bg: 'secondary' },
};

interface OrderCardProps {
  order: StaffOrder;
  /** This order's change is running: its buttons wait with a spinner. */
  busy: boolean;
  /** Another change runs (or a question is open): no button can be pressed. */
  disabled: boolean;
  onAccept: () => void;
  onServe: () => void;
  onCancel: () => void;
  /** "Naqd to'landi": the table's bill taken in cash (asks first); without it the card offers no such button. */
  onCash?: () => void;
  /** "Qayta yuborish" once its sending to the till failed; without it the card offers no such button. */
  onPosRetry?: () => void;
  /** This order's retry runs: its button waits with a spinner. */
  posRetrying?: boolean;
  /** Another order's retry runs (one at a time): this button waits too. */
  posRetryWaiting?: boolean;
  /** Why this order's last retry failed (the server's reason), under its button. */
  posRetryError?: string | null;
}

/** The payment state's look: an unpaid order's is quiet, a paid one's green. */
const PAYMENT_TONE: Record<PaymentShown['tone'], string> = {
  quiet: 'text-secondary',
  pending: 'text-warning-emphasis fw-semibold',
  paid: 'text-success fw-semibold',
  refunded: 'text-danger fw-semibold',
};

/** The till state's look: on its way quiet, on the till green, refused red. */
const POS_TONE: Record<PosShown['tone'], string> = {
  sending: 'text-secondary',
  sent: 'text-success',
  failed: 'text-danger',
};

/**
 * One order as the staff work on it: what to bring to which table, whether it is paid (beside the kitchen's status),
 * whether it is on the restaurant's till (with "Qayta yuborish" once that failed), and only the buttons its status
 * allows, with "Naqd to'landi" while the order is unpaid.
 */
export function OrderCard(props: OrderCardProps) {
  const { order, busy, disabled, onAccept, onServe, onCancel, onCash } = props;
  const status = STATUS[order.status];
  const changes = allowedChanges(order.status);
  const payment = paymentShown(order);
  const cash = onCash !== undefined && canPayInCash(order);
  const titleId = `order-${order._id}`;
  return (
    <Card as="article" className={`order-card order-${order.status}`} aria-labelledby={titleId} data-testid="order">
      <Card.Body className="p-3">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <h2 id={titleId} className="h6 mb-0">
            {uzOrdering.orderTitle(order.number)} ·{' '}
            <span className="text-nowrap">{uzOrdering.tableTitle(order.table.name)}</span>
          </h2>
          <Badge bg={status.bg} text={status.dark ? 'dark' : undefined} data-testid="order-status">
            {status.text}
          </Badge>
        </div>
        {/* The payment's state under the kitchen's, on the time's line: the title keeps its width. */}
        <div className="d-flex justify-content-between align-items-baseline gap-2 mb-2">
          <time className="small text-secondary" dateTime={order.createdAt}>
            {orderTime(order.createdAt)}
          </time>
          {payment && (
            <span className={`small text-end ${PAYMENT_TONE[payment.tone]}`} data-testid="order-payment">
              <span className="visually-hidden">{uzPayments.paymentLabel}: </span>
              {payment.text}
            </span>
          )}
        </div>
        {order.needs_confirmation && order.status === 'new' && (
          <Alert variant="warning" className="small py-1 px-2 mb-2" data-testid="order-needs-confirmation">
            <span aria-hidden>⚠️ </span>
            {uzOrdering.orderNeedsConfirmation}
          </Alert>
        )}
        <ul className="list-unstyled mb-2 order-lines" aria-label={uzOrdering.orderLines}>
          {order.items.map((line, index) => (
            // Lines have no id of their own; an order's lines never change after it is made.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an order are fixed
            <li key={index} className="d-flex justify-content-between gap-2">
              <span>
                {line.quantity} × {line.name}
                {line.rows.length > 0 && (
                  <span className="d-block small text-secondary">
                    {line.rows.map((row) => formatRowChoice(row.name, row.price)).join(', ')}
                  </span>
                )}
              </span>
              <span className="text-nowrap">{formatPrice(line.line_total)}</span>
            </li>
          ))}
        </ul>
        {order.service > 0 && (
          <div className="d-flex justify-content-between border-top pt-2" data-testid="order-service">
            <span>{uzPayments.serviceLine(order.service_percent)}</span>
            <span className="text-nowrap">{formatPrice(order.service)}</span>
          </div>
        )}
        <div className={`d-flex justify-content-between fw-semibold pt-2${order.service > 0 ? '' : ' border-top'}`}>
          <span>{uzOrdering.orderTotal}</span>
          <span className="text-nowrap" data-testid="order-total">
            {formatPrice(sumSom([order.total, order.service]))}
          </span>
        </div>
        {order.comment && (
          <p className="small mt-2 mb-0 order-comment">
            <strong>{uzOrdering.orderComment}:</strong> {order.comment}
          </p>
        )}
        <PosLine {...props} />
        {order.telegram_error && (
          <p className="small text-danger mt-2 mb-0" data-testid="order-telegram-error">
            {uzTelegram.telegramUndelivered(order.telegram_error)}
          </p>
        )}
        {(changes.length > 0 || cash) && (
          <div className="d-flex flex-wrap gap-2 mt-3">
            {changes.includes('accepted') && (
              <Button onClick={onAccept} disabled={disabled || busy}>
                {busy && <Spinner size="sm" className="me-1" aria-hidden />}
                {order.needs_confirmation ? uzOrdering.orderConfirm : uzOrdering.orderAccept}
              </Button>
            )}
            {changes.includes('served') && (
              <Button variant="success" onClick={onServe} disabled={disabled || busy}>
                {busy && <Spinner size="sm" className="me-1" aria-hidden />}
                {uzOrdering.orderServe}
              </Button>
            )}
            {changes.includes('cancelled') && (
              <Button variant="outline-danger" onClick={onCancel} disabled={disabled || busy}>
                {uzOrdering.orderCancel}
              </Button>
            )}
            {cash && (
              <Button variant="outline-success" onClick={onCash} disabled={disabled || busy}>
                {uzPayments.cashPaid}
              </Button>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** Where the order is on the till, and "Qayta yuborish" with the last retry's refusal under it once sending failed. */
function PosLine({ order, disabled, onPosRetry, posRetrying, posRetryWaiting, posRetryError }: OrderCardProps) {
  const pos = posShown(order);
  if (!pos) return null;
  const retry = onPosRetry !== undefined && canRetryPos(order);
  return (
    <div className="mt-2" data-testid="order-pos">
      <div className="d-flex justify-content-between align-items-start gap-2">
        <p className={`small mb-0 text-break ${POS_TONE[pos.tone]}`}>{pos.text}</p>
        {retry && (
          <Button
            size="sm"
            variant="outline-danger"
            className="flex-shrink-0 text-nowrap"
            onClick={onPosRetry}
            disabled={disabled || posRetrying || posRetryWaiting}
          >
            {posRetrying && <Spinner size="sm" className="me-1" aria-hidden />}
            {uzOrdering.orderPosRetry}
          </Button>
        )}
      </div>
      {retry && posRetryError && (
        <p className="small text-danger mt-1 mb-0" role="alert" data-testid="order-pos-retry-error">
          {posRetryError}
        </p>
      )}
    </div>
  );
}
