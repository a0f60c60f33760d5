import { fromPromise } from 'xstate';
import { payTableInCash } from '../../client/payments';

export interface PayCashInput {
  tableId: string;
}

export const cashPaymentActors = {
  /** POST /manager/tables/{id}/cash → the cash payment; throws the ApiError (409: a provider holds the bill). */
  payCash: fromPromise(({ input, signal }: { input: PayCashInput; signal: AbortSignal }) =>
    payTableInCash(input.tableId, { signal }),
  ),
};
