import { createHash } from 'node:crypto';
import type { TillLine } from '../../integrations/till';
import type { TillSendContext } from '../../repositories/pos-outbox';

/**
 * A uuid made from the order's id and a place in it: the same order always gives the till the same position ids, so
 * a round sent again after a crash can be recognised on the check (and the till refuses a position twice).
 */
export function positionId(orderId: string, place: string): string {
  const hex = createHash('sha256').update(`${orderId}/${place}`).digest('hex');
  // Shaped as a version 5 (name-based) uuid of the RFC 4122 variant.
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type TillLines = { kind: 'lines'; lines: TillLine[] } | { kind: 'unknown'; dishes: string[] };

/**
 * The order's dishes with the POS's ids, at the prices the diner was shown (the till may refuse a price that is not
 * its own; the sync keeps ours equal to it). The order's comment goes with its first dish: the till keeps comments
 * per dish. A dish or choice the POS does not know (made in the panel, or deleted since) makes the order unsendable:
 * `unknown` names those dishes.
 */
export function tillLines(context: TillSendContext): TillLines {
  const unknown: string[] = [];
  const orderId = context.order._id;
  const lines = context.order.items.map((line, index): TillLine | undefined => {
    const product = context.products.get(line.product_id);
    const choices = line.rows.map((choice) => ({ choice, pos: context.rows.get(choice._id) }));
    if (!product?.external_id || choices.some(({ pos }) => !pos?.external_id)) {
      unknown.push(line.name);
      return undefined;
    }
    const choicesPrice = line.rows.reduce((sum, choice) => sum + choice.price, 0);
    return {
      productId: product.external_id,
      sizeId: product.pos_size_id,
      amount: line.quantity,
      price: line.line_total / line.quantity - choicesPrice,
      positionId: positionId(orderId, String(index)),
      comment: index === 0 ? context.order.comment.trim() || null : null,
      modifiers: choices.map(({ choice, pos }, rowIndex) => ({
        productId: pos!.external_id!,
        optionId: pos!.option_external_id,
        amount: 1,
        price: choice.price,
        positionId: positionId(orderId, `${index}/${rowIndex}`),
      })),
    };
  });
  if (unknown.length > 0) return { kind: 'unknown', dishes: unknown };
  return { kind: 'lines', lines: lines as TillLine[] };
}

/** Every position id the lines put on a check. */
export function linePositionIds(lines: TillLine[]): string[] {
  return lines.flatMap((line) => [line.positionId, ...line.modifiers.map((modifier) => modifier.positionId)]);
}
