import type {
  IikoCompoundOrderItem,
  IikoOrderItem,
  IikoOrderModifier,
} from '../../integrations/iiko/table-order-types';
import type { SimulatedOrganization } from './build';
import { badRequest, isUuid, optionalUuid } from './http-failure';

/**
 * What iiko checks of an order/create or order/add_items request before accepting it: the shape its schema describes
 * (required fields, uuids, amounts 0…999.999, comments up to 255 characters), and a group modifier's productGroupId.
 * A request that fails is refused with a 400 in iiko's error shape; what only the till knows (a product it does not
 * sell, a stop-listed one) fails the command later (table-orders.ts).
 */

const MAX_AMOUNT = 999.999;
const MAX_COMMENT = 255;
export const MAX_EXTERNAL_NUMBER = 50;

function readComment(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > MAX_COMMENT) {
    throw badRequest(`${what} must be a string of at most ${MAX_COMMENT} characters`);
  }
  return value;
}

function readAmount(value: unknown, what: string, max = MAX_AMOUNT): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max) {
    throw badRequest(`${what} must be a number from 0 to ${max}`);
  }
  return value;
}

function readPrice(value: unknown, what: string, required: boolean): number | null {
  if (value === undefined || value === null) {
    if (required) throw badRequest(`${what} is required`);
    return null;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`${what} must be a number`);
  return value;
}

function readModifiers(value: unknown, what: string): IikoOrderModifier[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`${what} must be an array`);
  return value.map((raw: unknown, index) => {
    const at = `${what}[${index}]`;
    if (!raw || typeof raw !== 'object') throw badRequest(`${at} must be an object`);
    const modifier = raw as Record<string, unknown>;
    if (!isUuid(modifier.productId)) throw badRequest(`${at}.productId is required (a uuid)`);
    return {
      productId: modifier.productId,
      amount: readAmount(modifier.amount, `${at}.amount`, Number.MAX_SAFE_INTEGER),
      productGroupId: optionalUuid(modifier.productGroupId, `${at}.productGroupId`),
      price: readPrice(modifier.price, `${at}.price`, false),
      positionId: optionalUuid(modifier.positionId, `${at}.positionId`),
    };
  });
}

export function readItems(value: unknown): IikoOrderItem[] {
  if (!Array.isArray(value)) throw badRequest('items is required (an array of order items)');
  return value.map((raw: unknown, index): IikoOrderItem => {
    const at = `items[${index}]`;
    if (!raw || typeof raw !== 'object') throw badRequest(`${at} must be an object`);
    const item = raw as Record<string, unknown>;
    const common = {
      amount: readAmount(item.amount, `${at}.amount`),
      productSizeId: optionalUuid(item.productSizeId, `${at}.productSizeId`),
      comment: readComment(item.comment, `${at}.comment`),
    };
    if (item.type === 'Product') {
      if (!isUuid(item.productId)) throw badRequest(`${at}.productId is required (a uuid)`);
      return {
        type: 'Product',
        productId: item.productId,
        price: readPrice(item.price, `${at}.price`, true)!,
        positionId: optionalUuid(item.positionId, `${at}.positionId`),
        modifiers: readModifiers(item.modifiers, `${at}.modifiers`),
        ...common,
      };
    }
    if (item.type === 'Compound') {
      const primary = item.primaryComponent as Record<string, unknown> | null | undefined;
      if (!primary || typeof primary !== 'object' || !isUuid(primary.productId)) {
        throw badRequest(`${at}.primaryComponent.productId is required (a uuid)`);
      }
      return {
        type: 'Compound',
        primaryComponent: {
          productId: primary.productId,
          modifiers: readModifiers(primary.modifiers, `${at}.primaryComponent.modifiers`),
          price: readPrice(primary.price, `${at}.primaryComponent.price`, false),
          positionId: optionalUuid(primary.positionId, `${at}.primaryComponent.positionId`),
        },
        commonModifiers: readModifiers(item.commonModifiers, `${at}.commonModifiers`),
        ...common,
      } satisfies IikoCompoundOrderItem;
    }
    throw badRequest(`${at}.type must be Product or Compound`);
  });
}

/** A group modifier sent without productGroupId: iiko's schema makes it required, so the request is refused. */
export function checkGroupModifiers(org: SimulatedOrganization, items: IikoOrderItem[]): void {
  items.forEach((item, index) => {
    if (item.type !== 'Product') return;
    const product = org.products.find((p) => p.id === item.productId);
    if (!product) return;
    for (const modifier of item.modifiers ?? []) {
      if (modifier.productGroupId) continue;
      const isSimple = (product.modifiers ?? []).some((m) => m.id === modifier.productId);
      const group = (product.groupModifiers ?? []).find((g) =>
        g.childModifiers.some((c) => c.id === modifier.productId),
      );
      if (group && !isSimple) {
        throw badRequest(
          `items[${index}]: modifier ${modifier.productId} belongs to the modifier group ${group.id}: productGroupId is required`,
        );
      }
    }
  });
}
