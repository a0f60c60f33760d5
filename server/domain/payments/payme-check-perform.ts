import { productFiscalCodes } from '../../repositories/payment-orders';
import { toTiyin } from './money';
import { accountPayment } from './payme-account';
import { fiscalDetail, receiptTotal } from './payme-fiscal';
import type { AccountParams } from './payme-params';
import { payableOrders } from './payme-payable';
import type { MethodOutcome, PaymeCall } from './payme-transaction';

/**
 * CheckPerformTransaction: whether the payment can be paid now (payme-payable.ts), answered with the fiscal receipt
 * of what it pays. Reads only: nothing is held until CreateTransaction.
 */
export async function checkPerformTransaction(call: PaymeCall, params: AccountParams): Promise<MethodOutcome> {
  const { db } = call.deps;
  const payment = await accountPayment(db, call.restaurantId, params.account);
  const orders = await payableOrders(db, payment, params.amount);
  const lines = orders.flatMap((order) => order.items);
  const detail = fiscalDetail({
    lines,
    codes: await productFiscalCodes(
      db,
      lines.map((line) => line.product_id),
    ),
    service: payment.service,
    tip: payment.tip,
    serviceCodes: { ikpu: call.settings.payme_service_ikpu, package_code: call.settings.payme_service_package_code },
    tipCodes: { ikpu: call.settings.payme_tip_ikpu, package_code: call.settings.payme_tip_package_code },
    vatPercent: call.settings.vat_percent,
  });
  // The amount is these same orders summed when the payment was made; a receipt that did not add up to it would be
  // refused by Payme's fiscal side, so it is left out rather than sent wrong.
  const receipt = receiptTotal(detail) === toTiyin(payment.amount) ? { detail } : {};
  return { result: { allow: true, ...receipt } };
}
