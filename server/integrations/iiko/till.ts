import type { PosCallOptions } from '../provider';
import type { PosTill, TillLine, TillOrder, TillOrderState } from '../till';
import type { IikoClient } from './client';
import { SIMPLE_MODIFIERS_OPTION_ID } from './nomenclature';
import type { IikoOrderModifier, IikoProductOrderItem, IikoTableOrderInfo } from './table-order-types';
import {
  addOrderItems,
  commandFailure,
  commandStatus,
  createTableOrder,
  orderById,
  requireAlive,
} from './table-orders';

/** iiko's limit on an item's comment. */
const MAX_COMMENT = 255;
/**
 * Seconds iikoFront has to take an order before iiko drops it (iiko's own default): a till that is slow to answer
 * fails the command, and the sender tries again, rather than leaving the order waiting unseen.
 */
const TRANSPORT_TO_FRONT_SECONDS = 8;

/** A dish as order/create and add_items take it: a group modifier names its group, a simple one does not. */
export function iikoItem(line: TillLine): IikoProductOrderItem {
  const modifiers = line.modifiers.map(
    (modifier): IikoOrderModifier => ({
      productId: modifier.productId,
      amount: modifier.amount,
      ...(modifier.optionId && modifier.optionId !== SIMPLE_MODIFIERS_OPTION_ID
        ? { productGroupId: modifier.optionId }
        : {}),
      price: modifier.price,
      positionId: modifier.positionId,
    }),
  );
  return {
    type: 'Product',
    productId: line.productId,
    amount: line.amount,
    price: line.price,
    ...(line.sizeId ? { productSizeId: line.sizeId } : {}),
    positionId: line.positionId,
    ...(line.comment ? { comment: line.comment.slice(0, MAX_COMMENT) } : {}),
    ...(modifiers.length > 0 ? { modifiers } : {}),
  };
}

function orderState(info: IikoTableOrderInfo): TillOrderState {
  const items = info.order?.items ?? [];
  return {
    creation: info.creationStatus,
    failure: info.creationStatus === 'Error' ? commandFailure('/api/1/order/by_id', info.errorInfo ?? {}) : null,
    open: info.creationStatus === 'Success' && info.order?.status === 'New',
    number: typeof info.order?.number === 'number' ? info.order.number : null,
    positionIds: items.flatMap((item) =>
      [item.positionId, ...(item.modifiers ?? []).map((modifier) => modifier.positionId)].filter(
        (id): id is string => typeof id === 'string',
      ),
    ),
  };
}

/** The till of iiko Cloud: table-orders.ts's calls in the shape the sender speaks. */
export class IikoTill implements PosTill {
  constructor(private readonly client: IikoClient) {}

  requireAlive(organizationId: string, terminalGroupId: string, options: PosCallOptions): Promise<void> {
    return requireAlive(this.client, organizationId, terminalGroupId, options);
  }

  async createOrder(
    organizationId: string,
    terminalGroupId: string,
    order: TillOrder,
    options: PosCallOptions,
  ): Promise<{ commandId: string }> {
    const answer = await createTableOrder(
      this.client,
      {
        organizationId,
        terminalGroupId,
        order: {
          id: order.id,
          externalNumber: order.externalNumber,
          ...(order.tableIds.length > 0 ? { tableIds: order.tableIds } : {}),
          items: order.lines.map(iikoItem),
        },
        // The kitchen's tickets are printed by the till, as for an order a waiter enters.
        createOrderSettings: {
          servicePrint: true,
          transportToFrontTimeout: TRANSPORT_TO_FRONT_SECONDS,
          checkStopList: true,
        },
      },
      options,
    );
    return { commandId: answer.correlationId };
  }

  async addItems(
    organizationId: string,
    tillOrderId: string,
    lines: TillLine[],
    options: PosCallOptions,
  ): Promise<{ commandId: string }> {
    const answer = await addOrderItems(
      this.client,
      {
        organizationId,
        orderId: tillOrderId,
        items: lines.map(iikoItem),
        addOrderItemsSettings: { servicePrint: true },
      },
      options,
    );
    return { commandId: answer.correlationId };
  }

  commandStatus(organizationId: string, commandId: string, options: PosCallOptions) {
    return commandStatus(this.client, { organizationId, correlationId: commandId }, options);
  }

  async order(organizationId: string, tillOrderId: string, options: PosCallOptions): Promise<TillOrderState | null> {
    const info = await orderById(this.client, organizationId, tillOrderId, options);
    return info ? orderState(info) : null;
  }
}
