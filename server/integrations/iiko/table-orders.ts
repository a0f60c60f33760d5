import { setTimeout as sleep } from 'node:timers/promises';
import { type PosCallOptions, PosError } from '../provider';
import { type CommandOutcome, TableOrderError, type TableOrderFailureKind } from '../till';
import { IikoCallError, type IikoClient } from './client';
import type {
  IikoAddOrderItemsRequest,
  IikoCommandStatusRequest,
  IikoCommandStatusResponse,
  IikoCorrelationIdResponse,
  IikoCreateTableOrderRequest,
  IikoIsAliveRequest,
  IikoIsAliveResponse,
  IikoOrdersByIdRequest,
  IikoRestaurantSection,
  IikoRestaurantSectionsRequest,
  IikoRestaurantSectionsResponse,
  IikoTable,
  IikoTableOrderInfo,
  IikoTableOrderResponse,
  IikoTableOrdersResponse,
  IikoTerminalGroup,
  IikoTerminalGroupAliveInfo,
  IikoTerminalGroupsRequest,
  IikoTerminalGroupsResponse,
} from './table-order-types';

/**
 * The iiko calls that put a table order on a till (table-orders.md in the iiko contract): the terminal groups and
 * whether they are alive, the halls and their tables, order/create and order/add_items (commands: HTTP 200 means
 * "accepted", the outcome comes from commands/status), and order/by_id. Every failure is a TableOrderError that says
 * whether trying again later can help (`retryable`) and why, in Uzbek, for the staff (`reason`).
 */

/** A call's failure as a TableOrderError: 408, 429, 5xx and network errors are `unavailable`, other 4xx `rejected`. */
function callFailure(error: unknown): unknown {
  if (!(error instanceof PosError)) return error;
  if (error instanceof IikoCallError) {
    const details = {
      status: error.status,
      ...(error.body?.error ? { code: error.body.error } : {}),
      ...(error.body?.errorDescription ? { description: error.body.errorDescription } : {}),
    };
    // 410 on commands/status: iiko no longer keeps that correlationId and asks not to be asked again.
    if (error.status === 410) return new TableOrderError('command-expired', error.message, details);
    return new TableOrderError(error.kind, error.message, details);
  }
  return new TableOrderError(error.kind, error.message);
}

async function call<T>(client: IikoClient, path: string, body: unknown, options: PosCallOptions): Promise<T> {
  try {
    return await client.call<T>(path, body, options);
  } catch (error) {
    throw callFailure(error);
  }
}

function requireList(value: unknown, what: string): void {
  if (!Array.isArray(value)) throw new TableOrderError('bad-response', `iiko ${what}: the answer has no list`);
}

/**
 * What a failed command (errorInfo of an order, or commands/status `Error`) means for the staff and for a retry. iiko
 * answers a till that did not take the order in time with code `Common` and "Creation timeout expired…"; a stop-listed
 * product with `Common` and a text naming the stop list.
 */
export function commandFailure(
  path: string,
  error: { code?: string | null; message?: string | null },
): TableOrderError {
  const code = error.code ?? 'UnknownError';
  const message = error.message ?? '';
  const details = { code, ...(message ? { description: message } : {}) };
  const kind = ((): TableOrderFailureKind => {
    if (['ProductNotFound', 'ProductSizeNotFound', 'ProductGroupNotFound'].includes(code)) return 'product-not-found';
    if (code === 'OrderNotFound') return 'order-not-found';
    if (code === 'DuplicatedOrderId') return 'duplicate';
    if (['InternalServerError', 'UnknownError'].includes(code)) return 'unavailable';
    if (/timeout expired/i.test(message)) return 'terminal-offline';
    if (/stop[ -]?list/i.test(message)) return 'stop-listed';
    return 'refused';
  })();
  return new TableOrderError(kind, `iiko ${path}: ${code}${message ? `: ${message}` : ''}`, details);
}

// ── terminal groups and tables ──

export interface TerminalGroups {
  /** Groups that take orders (of every organization asked for). */
  active: IikoTerminalGroup[];
  /** Groups iiko keeps asleep (inactive): they take none until woken. */
  asleep: IikoTerminalGroup[];
}

/** POST /api/1/terminal_groups */
export async function terminalGroups(
  client: IikoClient,
  organizationIds: string[],
  options: PosCallOptions,
): Promise<TerminalGroups> {
  const body: IikoTerminalGroupsRequest = { organizationIds, includeDisabled: false };
  const answer = await call<IikoTerminalGroupsResponse>(client, '/api/1/terminal_groups', body, options);
  requireList(answer.terminalGroups, '/api/1/terminal_groups');
  const flatten = (list: IikoTerminalGroupsResponse['terminalGroups'] | undefined) =>
    (list ?? []).flatMap((organization) => organization?.items ?? []).filter((group) => typeof group?.id === 'string');
  return { active: flatten(answer.terminalGroups), asleep: flatten(answer.terminalGroupsInSleep) };
}

/** POST /api/1/terminal_groups/is_alive */
export async function isAlive(
  client: IikoClient,
  request: { organizationIds: string[]; terminalGroupIds: string[] },
  options: PosCallOptions,
): Promise<IikoTerminalGroupAliveInfo[]> {
  const body: IikoIsAliveRequest = request;
  const answer = await call<IikoIsAliveResponse>(client, '/api/1/terminal_groups/is_alive', body, options);
  requireList(answer.isAliveStatus, '/api/1/terminal_groups/is_alive');
  return answer.isAliveStatus;
}

/** Resolves when the till is alive; a till that is not fails as `terminal-offline` (worth trying again later). */
export async function requireAlive(
  client: IikoClient,
  organizationId: string,
  terminalGroupId: string,
  options: PosCallOptions,
): Promise<void> {
  const statuses = await isAlive(
    client,
    { organizationIds: [organizationId], terminalGroupIds: [terminalGroupId] },
    options,
  );
  if (!statuses.some((status) => status.terminalGroupId === terminalGroupId && status.isAlive === true)) {
    throw new TableOrderError('terminal-offline', `iiko terminal group ${terminalGroupId} is not alive`);
  }
}

export interface RestaurantSections {
  sections: IikoRestaurantSection[];
  /** Ask again with it to get only the tables changed since. */
  revision: number;
}

/** POST /api/1/reserve/available_restaurant_sections */
export async function restaurantSections(
  client: IikoClient,
  terminalGroupIds: string[],
  options: PosCallOptions,
  settings: { returnSchema?: boolean; revision?: number } = {},
): Promise<RestaurantSections> {
  const body: IikoRestaurantSectionsRequest = {
    terminalGroupIds,
    returnSchema: settings.returnSchema ?? false,
    ...(settings.revision !== undefined ? { revision: settings.revision } : {}),
  };
  const path = '/api/1/reserve/available_restaurant_sections';
  const answer = await call<IikoRestaurantSectionsResponse>(client, path, body, options);
  requireList(answer.restaurantSections, path);
  for (const section of answer.restaurantSections) requireList(section?.tables, `${path} (tables)`);
  return { sections: answer.restaurantSections, revision: answer.revision };
}

/** The tables an order can go to: every section's tables but the deleted ones, with their section. */
export function liveTables(
  sections: IikoRestaurantSection[],
): (IikoTable & { sectionId: string; sectionName: string })[] {
  return sections.flatMap((section) =>
    section.tables
      .filter((table) => table.isDeleted !== true)
      .map((table) => ({ ...table, sectionId: section.id, sectionName: section.name })),
  );
}

// ── orders ──

/**
 * POST /api/1/order/create: accepted is not yet on the till, so follow `correlationId` with commandStatus or
 * waitForCommand. Send our own `order.id` (and positionIds): iiko refuses the same id twice (DuplicatedOrderId), so
 * after a timeout read the order back with orderById before sending again.
 */
export async function createTableOrder(
  client: IikoClient,
  request: IikoCreateTableOrderRequest,
  options: PosCallOptions,
): Promise<IikoTableOrderResponse> {
  const answer = await call<IikoTableOrderResponse>(client, '/api/1/order/create', request, options);
  if (typeof answer.correlationId !== 'string' || typeof answer.orderInfo?.id !== 'string') {
    throw new TableOrderError('bad-response', 'iiko /api/1/order/create: the answer has no correlationId or orderInfo');
  }
  if (answer.orderInfo.creationStatus === 'Error') {
    throw commandFailure('/api/1/order/create', answer.orderInfo.errorInfo ?? {});
  }
  return answer;
}

/** POST /api/1/order/add_items: a next round on an open order; follow `correlationId` as for createTableOrder. */
export async function addOrderItems(
  client: IikoClient,
  request: IikoAddOrderItemsRequest,
  options: PosCallOptions,
): Promise<IikoCorrelationIdResponse> {
  const answer = await call<IikoCorrelationIdResponse>(client, '/api/1/order/add_items', request, options);
  if (typeof answer.correlationId !== 'string') {
    throw new TableOrderError('bad-response', 'iiko /api/1/order/add_items: the answer has no correlationId');
  }
  return answer;
}

/** POST /api/1/commands/status: a command's state; `Error` comes with what it means (commandFailure). */
export async function commandStatus(
  client: IikoClient,
  request: IikoCommandStatusRequest,
  options: PosCallOptions,
): Promise<CommandOutcome> {
  const answer = await call<IikoCommandStatusResponse>(client, '/api/1/commands/status', request, options);
  if (answer.state === 'InProgress' || answer.state === 'Success') return { state: answer.state };
  if (answer.state !== 'Error') {
    throw new TableOrderError('bad-response', `iiko /api/1/commands/status: unknown state ${String(answer.state)}`);
  }
  const exception = answer.exception && typeof answer.exception === 'object' ? answer.exception : {};
  const field = (key: string) => {
    const value = (exception as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : null;
  };
  return {
    state: 'Error',
    failure: commandFailure('/api/1/commands/status', {
      code: field('code'),
      message: answer.errorReason ?? field('message'),
    }),
  };
}

/**
 * Polls commands/status every `intervalMs` until the command is done: resolves on Success, throws its failure on
 * Error, and throws `timeout` (retryable; read the order with orderById first) when `options.signal` ends the wait.
 */
export async function waitForCommand(
  client: IikoClient,
  request: IikoCommandStatusRequest,
  options: PosCallOptions,
  intervalMs = 500,
): Promise<void> {
  for (;;) {
    const outcome = await commandStatus(client, request, options);
    if (outcome.state === 'Success') return;
    if (outcome.state === 'Error') throw outcome.failure;
    try {
      await sleep(intervalMs, undefined, { signal: options.signal });
    } catch {
      throw new TableOrderError('timeout', `iiko command ${request.correlationId} is still InProgress`);
    }
  }
}

/** POST /api/1/order/by_id with our order ids. */
export async function ordersById(
  client: IikoClient,
  organizationIds: string[],
  orderIds: string[],
  options: PosCallOptions,
): Promise<IikoTableOrderInfo[]> {
  const body: IikoOrdersByIdRequest = { organizationIds, orderIds };
  const answer = await call<IikoTableOrdersResponse>(client, '/api/1/order/by_id', body, options);
  requireList(answer.orders, '/api/1/order/by_id');
  return answer.orders;
}

/** One order by our id, or null when iiko has none with that id (it never arrived). */
export async function orderById(
  client: IikoClient,
  organizationId: string,
  orderId: string,
  options: PosCallOptions,
): Promise<IikoTableOrderInfo | null> {
  const orders = await ordersById(client, [organizationId], [orderId], options);
  return orders.find((order) => order.id === orderId) ?? null;
}
