import { setTimeout as sleep } from 'node:timers/promises';
import type { PosCommand } from '../../db/schema';
import type { PosCallOptions, PosProvider } from '../../integrations/provider';
import { type PosTill, TableOrderError, type TillLine } from '../../integrations/till';
import { messages } from '../../messages';
import {
  finishTillOrder,
  type PosOutboxRow,
  recordTillCommand,
  retryTillLater,
  type TillOutcome,
  type TillSendContext,
  tableCheck,
  tillSendContext,
} from '../../repositories/pos-outbox';
import { setProductsAvailability } from '../../repositories/products';
import type { DomainDeps } from '../deps';
import { linePositionIds, tillLines } from './till-lines';

/**
 * Puts one claimed order on its restaurant's till (docs/integration.md, "Orders into the POS"):
 *
 * - a table's second order while its first check is open is added to that check (add_items), otherwise the order opens
 *   its own check with our order's id as the till's order id (create), so the till never makes two checks of it;
 * - a command the till accepted is recorded before it is followed (commands/status), so whoever takes the row next
 *   follows it instead of giving it again;
 * - a row tried before (a process died, a call timed out) first asks the till what it has: the order under its own id,
 *   or this order's position ids on the check it went to; found, it is done without sending anything;
 * - the POS or the till away (timeouts, 408/5xx, a till that is not alive or did not take the order in time) is tried
 *   again after `retrySeconds`, and given up with its reason after `maxAttempts`; a refusal is final at once;
 * - a dish the till has stopped is stopped on the menu too (as a sync's stop-list would) and named to the staff.
 *
 * Every call ends by `deadline` (the claim's lease): past it the row is left as it is for the next try.
 */

export interface TillSendOptions {
  /** Seconds before the n-th retry (n = attempts made so far); the last repeats. */
  retrySeconds: readonly number[];
  /** The attempt that fails with this number gives up. */
  maxAttempts: number;
  /** How often a command's state is asked while the till carries it out. */
  pollMs: number;
}

export interface TillSendDeps extends DomainDeps {
  provider: PosProvider | null;
  log: { warn(details: object, message: string): void };
}

/** Why the order cannot be sent, final: not worth another try. */
class Final extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export async function sendToTill(
  deps: TillSendDeps,
  row: PosOutboxRow,
  options: TillSendOptions,
  deadline: number,
): Promise<void> {
  const signal = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
  const call: PosCallOptions = { signal, deadline };
  const context = await tillSendContext(deps.db, row);
  // The order is gone (its restaurant deleted): its row went with it, nothing to record.
  if (!context) return;
  try {
    const target = await prepare(deps, context, call);
    await deliver(deps, row, context, target, options, call);
  } catch (error) {
    await failed(deps, row, context, error, options);
  }
}

interface Target {
  till: PosTill;
  organizationId: string;
  terminalGroupId: string;
  lines: TillLine[];
}

async function prepare(deps: TillSendDeps, context: TillSendContext, call: PosCallOptions): Promise<Target> {
  const { restaurant } = context;
  const till = deps.provider?.till;
  if (
    !till ||
    restaurant.type !== 'integration' ||
    !restaurant.integration_id ||
    restaurant.integration_provider !== deps.provider?.name
  ) {
    throw new Final(messages.tillNotConnected);
  }
  // Cancelled before it reached the till (the till was away): the kitchen must not get it now.
  if (context.order.status === 'cancelled') throw new Final(messages.tillOrderCancelled);
  const lines = tillLines(context);
  if (lines.kind === 'unknown') throw new Final(messages.tillUnknownDishes(lines.dishes.join(', ')));
  const terminalGroupId =
    restaurant.pos_terminal_group_id ?? (await firstTerminalGroup(deps.provider!, restaurant, call));
  return { till, organizationId: restaurant.integration_id, terminalGroupId, lines: lines.lines };
}

async function firstTerminalGroup(
  provider: PosProvider,
  restaurant: TillSendContext['restaurant'],
  call: PosCallOptions,
): Promise<string> {
  const groups = await provider.listTerminalGroups?.(restaurant.integration_id!, call);
  const first = groups?.[0];
  if (!first) throw new Final(messages.tillNoTerminalGroup);
  return first.id;
}

async function deliver(
  deps: TillSendDeps,
  row: PosOutboxRow,
  context: TillSendContext,
  target: Target,
  options: TillSendOptions,
  call: PosCallOptions,
): Promise<void> {
  const { till, organizationId } = target;
  const orderId = context.order._id;
  if (row.command && row.pos_order_id) {
    return follow(deps, row, target, row.command, row.pos_order_id, options, call);
  }
  if (row.attempts > 1 || row.pos_order_id) {
    const found = await alreadyOnTill(row, target, orderId, call);
    if (found === 'creating') return retryTillLater(deps.db, row, firstDelay(options), null);
    if (found) return finish(deps, row, { state: 'sent', ...found });
  }
  const check = await openTableCheck(deps, row, target, call);
  await till.requireAlive(organizationId, target.terminalGroupId, call);
  const command: PosCommand = check
    ? { kind: 'add_items', command_id: (await till.addItems(organizationId, check, target.lines, call)).commandId }
    : {
        kind: 'create',
        command_id: (
          await till.createOrder(
            organizationId,
            target.terminalGroupId,
            {
              id: orderId,
              externalNumber: String(context.order.number),
              tableIds: context.posTableId ? [context.posTableId] : [],
              lines: target.lines,
            },
            call,
          )
        ).commandId,
      };
  const posOrderId = check ?? orderId;
  if (!(await recordTillCommand(deps.db, row, command, posOrderId))) return;
  return follow(deps, { ...row, command, pos_order_id: posOrderId }, target, command, posOrderId, options, call);
}

/**
 * What the till has of this order from an earlier try: its own check (created, or still being created), or its
 * dishes on the check it was added to; null when nothing.
 */
async function alreadyOnTill(
  row: PosOutboxRow,
  target: Target,
  orderId: string,
  call: PosCallOptions,
): Promise<{ posOrderId: string; number: number | null } | 'creating' | null> {
  const own = await target.till.order(target.organizationId, orderId, call);
  if (own?.creation === 'Success') return { posOrderId: orderId, number: own.number };
  if (own?.creation === 'InProgress') return 'creating';
  if (row.pos_order_id && row.pos_order_id !== orderId) {
    const check = await target.till.order(target.organizationId, row.pos_order_id, call);
    const ours = linePositionIds(target.lines);
    if (check && ours.every((id) => check.positionIds.includes(id))) {
      return { posOrderId: row.pos_order_id, number: check.number };
    }
  }
  return null;
}

/** The check the table's last order went to, when the till still has it open. */
async function openTableCheck(
  deps: TillSendDeps,
  row: PosOutboxRow,
  target: Target,
  call: PosCallOptions,
): Promise<string | null> {
  const check = await tableCheck(deps.db, row);
  if (!check) return null;
  const state = await target.till.order(target.organizationId, check, call);
  return state?.open ? check : null;
}

/** Asks the command's state until it is done or the claim's time is up (then the next try follows it further). */
async function follow(
  deps: TillSendDeps,
  row: PosOutboxRow,
  target: Target,
  command: PosCommand,
  posOrderId: string,
  options: TillSendOptions,
  call: PosCallOptions,
): Promise<void> {
  for (;;) {
    // A command is never done the moment it is accepted: the first question waits one interval (one call saved).
    try {
      await sleep(options.pollMs, undefined, { signal: call.signal });
    } catch {
      return retryTillLater(deps.db, row, firstDelay(options), null);
    }
    const outcome = await target.till.commandStatus(target.organizationId, command.command_id, call);
    if (outcome.state === 'Success') {
      const state = await target.till.order(target.organizationId, posOrderId, call);
      return finish(deps, row, { state: 'sent', posOrderId, number: state?.number ?? null });
    }
    if (outcome.state === 'Error') return commandFailed(deps, row, target, command, posOrderId, outcome.failure, call);
  }
}

async function commandFailed(
  deps: TillSendDeps,
  row: PosOutboxRow,
  target: Target,
  command: PosCommand,
  posOrderId: string,
  failure: TableOrderError,
  call: PosCallOptions,
): Promise<void> {
  // The till has an order under our id already (an earlier try's): it is this order.
  if (failure.kind === 'duplicate' && command.kind === 'create') {
    const own = await target.till.order(target.organizationId, posOrderId, call);
    if (own?.creation === 'Success') return finish(deps, row, { state: 'sent', posOrderId, number: own.number });
  }
  // The check was closed (or paid) between choosing it and adding to it: the round opens its own check.
  if (command.kind === 'add_items' && !failure.retryable && failure.kind !== 'stop-listed') {
    const check = await target.till.order(target.organizationId, posOrderId, call);
    if (!check?.open) return retryTillLater(deps.db, row, 0, failure.message, { command: true, check: true });
  }
  throw failure;
}

/** A failure: tried again later while the POS or till is away, otherwise (or after the last try) recorded. */
async function failed(
  deps: TillSendDeps,
  row: PosOutboxRow,
  context: TillSendContext,
  error: unknown,
  options: TillSendOptions,
): Promise<void> {
  if (error instanceof Final) return finish(deps, row, { state: 'failed', reason: error.reason });
  const failure = error instanceof TableOrderError ? error : new TableOrderError('unavailable', errorText(error));
  if (failure.kind === 'command-expired') {
    // The till no longer says how that command ended: the next try reads the order itself.
    return retryTillLater(deps.db, row, 0, failure.message, { command: true });
  }
  if (failure.kind === 'stop-listed') return stopListed(deps, row, context, failure);
  if (failure.retryable && row.attempts < options.maxAttempts) {
    deps.log.warn({ order: row.order_id, attempt: row.attempts, err: failure.message }, 'Till order: trying again');
    return retryTillLater(deps.db, row, delaySeconds(options, row.attempts), failure.message, { command: true });
  }
  deps.log.warn({ order: row.order_id, err: failure.message, details: failure.details }, 'Till order failed');
  return finish(deps, row, { state: 'failed', reason: failure.reason });
}

/** The till refused a dish it has stopped: the menu stops it too, at once, and the staff are told which. */
async function stopListed(
  deps: TillSendDeps,
  row: PosOutboxRow,
  context: TillSendContext,
  failure: TableOrderError,
): Promise<void> {
  const text = `${failure.details.description ?? ''} ${failure.message}`;
  // Every dish of the order is in the map with its POS id: tillLines refused the order before it was sent otherwise.
  const named = context.order.items.filter((line) => {
    const externalId = context.products.get(line.product_id)!.external_id!;
    return text.includes(externalId) || text.includes(line.name);
  });
  const productIds = [...new Set(named.map((line) => line.product_id))];
  const dishes = [...new Set(named.map((line) => line.name))];
  await deps.work(async (w) => {
    if (productIds.length > 0) {
      await setProductsAvailability(w.tx, productIds, false, { source: 'pos' });
      w.menuChanged(row.restaurant_id);
    }
    const reason = dishes.length > 0 ? messages.tillStopListed(dishes.join(', ')) : failure.reason;
    const finished = await finishTillOrder(w.tx, row, { state: 'failed', reason });
    if (finished?.telegramQueued) w.outboxWritten();
  });
}

async function finish(deps: TillSendDeps, row: PosOutboxRow, outcome: TillOutcome): Promise<void> {
  await deps.work(async (w) => {
    const finished = await finishTillOrder(w.tx, row, outcome);
    if (finished?.telegramQueued) w.outboxWritten();
  });
}

function delaySeconds(options: TillSendOptions, attempts: number): number {
  const { retrySeconds } = options;
  return retrySeconds[Math.min(Math.max(attempts, 1), retrySeconds.length) - 1] ?? 1;
}

const firstDelay = (options: TillSendOptions) => delaySeconds(options, 1);

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
