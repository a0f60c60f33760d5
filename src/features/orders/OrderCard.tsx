import { Alert, Badge, Button, Card, Spinner } from 'react-bootstrap';
import type { OrderStatus, StaffOrder } from '../../../client/orders';
import { sumSom } from '../../../lib/bill';
import { formatPrice, formatRowChoice } from '../../../lib/format';
import { uzKitchen } from '../../../lib/uz-kitchen';
import { uzOrdering } from '../../../lib/uz-ordering';
import { uzPayments } from '../../../lib/uz-payments';
import { uzTelegram } from '../../../lib/uz-telegram';
import {
  canReprint,
  canServeLine,
  hasKitchen,
  kitchenShown,
  type LineTone,
  lineShown,
  type PrintShown,
  printShown,
} from '../../../machines/orders/kitchen.rules';
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
  /** "Berildi" on a ready line (its index in the order); without it the lines offer no such button. */
  onServeLine?: (index: number) => void;
  /** The line of this order whose move runs (its button waits with a spinner), else null. */
  servingLine?: number | null;
  /** A line's move runs (one at a time): every line's button waits. */
  lineServeWaiting?: boolean;
  /** Why a line's last move failed (the server's reason), under that line. */
  lineServeError?: { index: number; text: string } | null;
  /** "Qayta chop etish" while the order's tickets went to a printer; without it the card offers no such button. */
  onReprint?: () => void;
  reprinting?: boolean;
  reprintWaiting?: boolean;
  /** Why this order's last reprint failed (the server's reason, e.g. no printer), under its button. */
  reprintError?: string | null;
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

/** A line's kitchen state as a small badge: waiting quiet, cooking amber, ready green, served grey. */
const LINE_TONE: Record<LineTone, { bg: string; dark?: boolean; className?: string }> = {
  new: { bg: 'light', dark: true, className: 'border' },
  cooking: { bg: 'warning', dark: true },
  ready: { bg: 'success' },
  served: { bg: 'secondary' },
};

/** The tickets' printer: a printer that has not answered yet is a warning, one given up on is red. */
const PRINT_TONE: Record<PrintShown['tone'], string> = {
  printing: 'text-warning-emphasis',
  failed: 'text-danger',
  printed: 'text-secondary',
};

/**
 * One order as the staff work on it: what to bring to which table, whether it is paid (beside the kitchen's status),
 * whether it is on the restaurant's till (with "Qayta yuborish" once that failed), and only the buttons its status
 * allows, with "Naqd to'landi" while the order is unpaid. Where the restaurant has kitchen stations each line shows its
 * state ("Berildi" once it is ready), the order says "Tayyor" once all of it is, and whether its tickets printed.
 */
export function OrderCard(props: OrderCardProps) {
  const { order, busy, disabled, onAccept, onServe, onCancel, onCash } = props;
  const status = STATUS[order.status];
  const changes = allowedChanges(order);
  const payment = paymentShown(order);
  const cash = onCash !== undefined && canPayInCash(order);
  const titleId = `order-${order._id}`;
  const kitchen = hasKitchen(order);
  // A line with its state and button needs room under it.
  const lineClass = `d-flex justify-content-between gap-2${kitchen ? ' mb-2' : ''}`;
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
        <KitchenState order={order} />
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
            <li key={index} className={lineClass} data-testid="order-line">
              <span>
                {line.quantity} × {line.name}
                {line.rows.length > 0 && (
                  <span className="d-block small text-secondary">
                    {line.rows.map((row) => formatRowChoice(row.name, row.price)).join(', ')}
                  </span>
                )}
                {kitchen && <LineState {...props} index={index} />}
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
        <PrintLine {...props} />
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

/** "Tayyor" in full view once every line is ready (the waiter carries it), quietly while the kitchen works. */
function KitchenState({ order }: { order: StaffOrder }) {
  const shown = kitchenShown(order);
  if (!shown) return null;
  if (shown.tone === 'cooking') {
    return (
      <p className="small text-warning-emphasis mb-2" data-testid="order-kitchen">
        {shown.text}
      </p>
    );
  }
  return (
    <Alert variant="success" className="py-2 px-2 mb-2 d-flex align-items-baseline gap-2" data-testid="order-kitchen">
      <strong className="fs-5">{shown.text}</strong>
      <span className="small">{uzKitchen.kitchenReadyHint}</span>
    </Alert>
  );
}

/** A line's state as a badge, with "Berildi" once it is ready and the last refusal of its move under it. */
function LineState({
  order,
  index,
  disabled,
  onServeLine,
  servingLine,
  lineServeWaiting,
  lineServeError,
}: OrderCardProps & { index: number }) {
  const line = order.items[index]!;
  const shown = lineShown(line);
  const tone = LINE_TONE[shown.tone];
  const serve = onServeLine !== undefined && canServeLine(order, index);
  const serving = servingLine === index;
  const error = lineServeError?.index === index ? lineServeError.text : null;
  return (
    <>
      <span className="d-flex flex-wrap align-items-center gap-2 mt-1">
        <Badge
          bg={tone.bg}
          text={tone.dark ? 'dark' : undefined}
          className={`fw-normal ${tone.className ?? ''}`}
          data-testid="line-status"
        >
          <span className="visually-hidden">{uzKitchen.lineStatusLabel}: </span>
          {shown.text}
        </Badge>
        {serve && (
          <Button
            size="sm"
            variant="outline-success"
            className="py-0"
            aria-label={uzKitchen.lineServeFor(line.name)}
            onClick={() => onServeLine(index)}
            disabled={disabled || serving || lineServeWaiting}
          >
            {serving && <Spinner size="sm" className="me-1" aria-hidden />}
            {uzKitchen.lineServe}
          </Button>
        )}
      </span>
      {error && (
        <span className="d-block small text-danger mt-1" role="alert" data-testid="line-serve-error">
          {error}
        </span>
      )}
    </>
  );
}

/** Whether the order's kitchen tickets printed ("Printer javob bermadi (Bar)"), with "Qayta chop etish". */
function PrintLine({ order, disabled, onReprint, reprinting, reprintWaiting, reprintError }: OrderCardProps) {
  const print = printShown(order);
  const again = onReprint !== undefined && canReprint(order);
  if (!print && !again) return null;
  return (
    <div className="mt-2" data-testid="order-print">
      <div className="d-flex justify-content-between align-items-start gap-2">
        <p className={`small mb-0 text-break ${print ? PRINT_TONE[print.tone] : ''}`}>
          <span className="visually-hidden">{uzKitchen.printLabel}: </span>
          {print?.text}
        </p>
        {again && (
          <Button
            size="sm"
            variant={print?.tone === 'printed' ? 'outline-secondary' : 'outline-danger'}
            className="flex-shrink-0 text-nowrap"
            onClick={onReprint}
            disabled={disabled || reprinting || reprintWaiting}
          >
            {reprinting && <Spinner size="sm" className="me-1" aria-hidden />}
            {uzKitchen.reprint}
          </Button>
        )}
      </div>
      {again && reprintError && (
        <p className="small text-danger mt-1 mb-0" role="alert" data-testid="order-reprint-error">
          {reprintError}
        </p>
      )}
    </div>
  );
}
