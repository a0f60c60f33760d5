import { useSelector } from '@xstate/react';
import { Alert } from 'react-bootstrap';
import type { ActorRefFrom } from 'xstate';
import { formatPrice } from '../../../lib/format';
import { uz } from '../../../lib/uz';
import { uzPayments } from '../../../lib/uz-payments';
import type { cashPaymentMachine } from '../../../machines/orders/cashPayment.machine';
import { selectCashBill, selectCashError, selectCashPaying } from '../../../machines/orders/cashPayment.selectors';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * "Naqd to'landi"'s question: the table's bill (its unpaid orders with their service charge) before it is recorded as
 * paid in cash; a refusal stays in it with the server's reason.
 */
export function CashQuestion({ actor }: { actor: ActorRefFrom<typeof cashPaymentMachine> }) {
  const bill = useSelector(actor, selectCashBill);
  const paying = useSelector(actor, selectCashPaying);
  const error = useSelector(actor, selectCashError);
  return (
    <ConfirmDialog
      show={bill !== null}
      title={uzPayments.cashConfirmTitle}
      busy={paying}
      variant="primary"
      confirmLabel={uzPayments.cashYes}
      cancelLabel={uz.no}
      onConfirm={() => actor.send({ type: 'confirm.yes' })}
      onCancel={() => actor.send({ type: 'confirm.no' })}
    >
      {bill && (
        <>
          <p className="mb-2">{uzPayments.cashConfirm(bill.tableName, bill.orders)}</p>
          <p className="d-flex justify-content-between gap-2 fw-semibold border-top pt-2 mb-2">
            <span>{uzPayments.cashConfirmAmount}</span>
            <span className="text-nowrap" data-testid="cash-amount">
              {formatPrice(bill.amount)}
            </span>
          </p>
          <p className="small text-secondary mb-0">{uzPayments.cashConfirmNote}</p>
          {error && (
            <Alert variant="danger" className="small py-2 mt-3 mb-0" role="alert">
              {error}
            </Alert>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
