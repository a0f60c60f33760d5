import { randomUUID } from 'node:crypto';
import type {
  IikoCommandStatusResponse,
  IikoCorrelationIdResponse,
  IikoErrorInfo,
  IikoOrderItem,
  IikoOrderItemInfo,
  IikoOrderItemModifierInfo,
  IikoOrderStatus,
  IikoProductOrderItem,
  IikoTableOrderInfo,
  IikoTableOrderResponse,
  IikoTableOrdersResponse,
} from '../../integrations/iiko/table-order-types';
import type { IikoProductInfo } from '../../integrations/iiko/types';
import { type SimulatedOrganization, stableUuid } from './build';
import { badRequest, HttpFailure, isUuid, optionalUuid, uuidArray } from './http-failure';
import { checkGroupModifiers, MAX_EXTERNAL_NUMBER, readItems } from './order-requests';
import { SimulatorError } from './simulator-error';
import type { TerminalsState } from './terminals';

/**
 * Table orders as iikoTransport and iikoFront handle them: order/create and order/add_items are commands, answered at
 * once (creationStatus InProgress) and carried out after `commandDelayMs` — Success, or Error with iiko's errorInfo
 * (unknown product, stop-listed product, duplicated order id…). While the till is switched off a command waits for it,
 * and fails once its transport timeout (createOrderSettings.transportToFrontTimeout, 8 s by default) has passed, as
 * iiko drops an order iikoFront did not take.
 */

export const DEFAULT_COMMAND_DELAY_MS = 50;
const DEFAULT_TRANSPORT_TIMEOUT_S = 8;
/** iiko's answer when iikoFront did not take an order in time (seen from the live API). */
export const CREATION_TIMEOUT_MESSAGE =
  'Creation timeout expired, order automatically transited to error creation status';
/** Terminal time: Tashkent, UTC+5. */
const TERMINAL_OFFSET_MS = 5 * 60 * 60_000;

export interface OrderTimings {
  /** How long a command stays InProgress before it is carried out (0: done before the next call). */
  commandDelayMs: number;
  /** Overrides every command's transport timeout (ms) while the till is off; null: the request's (default 8 s). */
  transportTimeoutMs: number | null;
}

/** What tests (in process) and POST /control (over HTTP) can see and do of the till's orders. */
export interface TableOrderControl {
  /** Every order iiko knows (those whose creation failed too), oldest first, as order/by_id answers them. */
  orders(organizationId?: string): IikoTableOrderInfo[];
  /** The till's open orders (created, status New or Bill), as a cashier sees them, oldest first. */
  openOrders(organizationId?: string): IikoTableOrderInfo[];
  /** The cashier closes the order (status Closed): add_items to it fails from then on. */
  closeOrder(orderId: string): void;
  /**
   * Every order as the till's screen shows it (the demo's /dev/iiko page), oldest first: where it is (terminal group,
   * tables) also before the till has it, whether a command for it waits for a till that is off, and its times.
   */
  tillOrders(organizationId?: string): TillOrder[];
  setTimings(timings: Partial<OrderTimings>): void;
  timings(): OrderTimings;
  /** Every correlationId given so far is no longer kept: commands/status answers 410 for it. */
  forgetCommands(): void;
}

/** An order as the till's screen shows it (tillOrders). */
export interface TillOrder {
  /** Ours: the order/create request's order.id. */
  id: string;
  /** The till's id, once the till has the order. */
  posId: string | null;
  organizationId: string;
  terminalGroupId: string;
  tableIds: string[];
  externalNumber: string | null;
  /** iiko's check number, once the till has the order. */
  number: number | null;
  creationStatus: 'InProgress' | 'Success' | 'Error';
  status: IikoOrderStatus;
  /** A command for it (its creation, or items added) waits for a till that is switched off. */
  waitingForTill: boolean;
  errorInfo: IikoErrorInfo | null;
  items: IikoOrderItemInfo[];
  /** The lines' and their modifiers' sums. */
  sum: number;
  /** Epoch ms. */
  createdAt: number;
  closedAt: number | null;
  /** Epoch ms of its last change. */
  timestamp: number;
}

interface SimulatedOrder {
  id: string;
  posId: string;
  organizationId: string;
  terminalGroupId: string;
  externalNumber: string | null;
  tableIds: string[];
  guests: number;
  creationStatus: 'InProgress' | 'Success' | 'Error';
  errorInfo: IikoErrorInfo | null;
  status: IikoOrderStatus;
  number: number;
  items: IikoOrderItemInfo[];
  createdAt: number;
  closedAt: number | null;
  timestamp: number;
}

interface Command {
  correlationId: string;
  organizationId: string;
  terminalGroupId: string;
  kind: 'create' | 'add_items';
  orderId: string;
  items: IikoOrderItem[];
  /** A resend of an order id iiko already has: it fails without touching that order. */
  duplicate: boolean;
  state: 'InProgress' | 'Success' | 'Error';
  error: IikoErrorInfo | null;
  /** Epoch ms the till must have taken it by. */
  transportDeadline: number;
  waitingForFront: boolean;
  forgotten: boolean;
}

const terminalTime = (ms: number) => new Date(ms + TERMINAL_OFFSET_MS).toISOString().replace('T', ' ').replace('Z', '');
const money = (value: number) => Math.round(value * 100) / 100;
const orderSum = (items: IikoOrderItemInfo[]) =>
  money(
    items.reduce(
      (total, item) => total + (item.resultSum ?? 0) + (item.modifiers ?? []).reduce((s, m) => s + m.resultSum, 0),
      0,
    ),
  );

class CommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class TableOrdersState implements TableOrderControl {
  private orderList: SimulatedOrder[] = [];
  private commands = new Map<string, Command>();
  private timers = new Set<NodeJS.Timeout>();
  private numbers = new Map<string, number>();
  private settings: OrderTimings = { commandDelayMs: DEFAULT_COMMAND_DELAY_MS, transportTimeoutMs: null };

  constructor(
    private readonly organization: (organizationId: string) => SimulatedOrganization | undefined,
    private readonly terminals: TerminalsState,
  ) {
    terminals.onAlive = (terminalGroupId) => this.frontIsBack(terminalGroupId);
  }

  reset(): void {
    this.dispose();
    this.orderList = [];
    this.commands.clear();
    this.numbers.clear();
    this.settings = { commandDelayMs: DEFAULT_COMMAND_DELAY_MS, transportTimeoutMs: null };
  }

  /** Stops every pending timer (the simulator is closing or starting over). */
  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  // ── control ──

  orders(organizationId?: string): IikoTableOrderInfo[] {
    return this.orderList
      .filter((order) => organizationId === undefined || order.organizationId === organizationId)
      .map((order) => this.info(order));
  }

  openOrders(organizationId?: string): IikoTableOrderInfo[] {
    return this.orderList
      .filter((order) => organizationId === undefined || order.organizationId === organizationId)
      .filter((order) => order.creationStatus === 'Success' && (order.status === 'New' || order.status === 'Bill'))
      .map((order) => this.info(order));
  }

  closeOrder(orderId: string): void {
    const order = this.orderList.find((o) => o.id === orderId && o.creationStatus === 'Success');
    if (!order) throw new SimulatorError(`Unknown order ${orderId}`);
    order.status = 'Closed';
    order.closedAt = Date.now();
    order.timestamp = Date.now();
  }

  tillOrders(organizationId?: string): TillOrder[] {
    return this.orderList
      .filter((order) => organizationId === undefined || order.organizationId === organizationId)
      .map((order) =>
        structuredClone({
          id: order.id,
          posId: order.creationStatus === 'Success' ? order.posId : null,
          organizationId: order.organizationId,
          terminalGroupId: order.terminalGroupId,
          tableIds: order.tableIds,
          externalNumber: order.externalNumber,
          number: order.creationStatus === 'Success' ? order.number : null,
          creationStatus: order.creationStatus,
          status: order.status,
          waitingForTill: [...this.commands.values()].some(
            (command) => command.orderId === order.id && command.state === 'InProgress' && command.waitingForFront,
          ),
          errorInfo: order.creationStatus === 'Error' ? order.errorInfo : null,
          items: order.items,
          sum: orderSum(order.items),
          createdAt: order.createdAt,
          closedAt: order.closedAt,
          timestamp: order.timestamp,
        }),
      );
  }

  setTimings(timings: Partial<OrderTimings>): void {
    const { commandDelayMs, transportTimeoutMs } = timings;
    if (commandDelayMs !== undefined && !(Number.isFinite(commandDelayMs) && commandDelayMs >= 0)) {
      throw new SimulatorError('commandDelayMs must be a number >= 0');
    }
    if (
      transportTimeoutMs !== undefined &&
      transportTimeoutMs !== null &&
      !(Number.isFinite(transportTimeoutMs) && transportTimeoutMs >= 0)
    ) {
      throw new SimulatorError('transportTimeoutMs must be a number >= 0 or null');
    }
    if (commandDelayMs !== undefined) this.settings.commandDelayMs = commandDelayMs;
    if (transportTimeoutMs !== undefined) this.settings.transportTimeoutMs = transportTimeoutMs;
  }

  timings(): OrderTimings {
    return { ...this.settings };
  }

  forgetCommands(): void {
    for (const command of this.commands.values()) command.forgotten = true;
  }

  // ── the API calls ──

  private knownOrganization(value: unknown): SimulatedOrganization {
    if (!isUuid(value)) throw badRequest('organizationId is required (a uuid)');
    const org = this.organization(value);
    if (!org) throw badRequest(`Organization ${value} is not found or not available`);
    return org;
  }

  /** POST /api/1/order/create */
  create(body: Record<string, unknown>, correlationId: string): IikoTableOrderResponse {
    const org = this.knownOrganization(body.organizationId);
    if (!isUuid(body.terminalGroupId)) throw badRequest('terminalGroupId is required (a uuid)');
    const terminalGroupId = body.terminalGroupId;
    if (
      !this.terminals.groups.has(terminalGroupId) ||
      this.terminals.group(terminalGroupId).organizationId !== org.id
    ) {
      throw badRequest(`Terminal group ${terminalGroupId} is not found in organization ${org.id}`);
    }
    const order = body.order as Record<string, unknown> | null | undefined;
    if (!order || typeof order !== 'object') throw badRequest('order is required');
    const orderId = optionalUuid(order.id, 'order.id') ?? randomUUID();
    const externalNumber = order.externalNumber ?? null;
    if (
      externalNumber !== null &&
      (typeof externalNumber !== 'string' || externalNumber.length > MAX_EXTERNAL_NUMBER)
    ) {
      throw badRequest(`order.externalNumber must be a string of at most ${MAX_EXTERNAL_NUMBER} characters`);
    }
    const tableIds =
      order.tableIds === undefined || order.tableIds === null ? [] : uuidArray(order.tableIds, 'order.tableIds');
    for (const tableId of tableIds) {
      if (!this.terminals.liveTable(terminalGroupId, tableId)) {
        throw badRequest(`Table ${tableId} is not found in terminal group ${terminalGroupId}`);
      }
    }
    const items = readItems(order.items);
    checkGroupModifiers(org, items);
    const settings = (body.createOrderSettings ?? {}) as Record<string, unknown>;
    const transportSeconds =
      typeof settings.transportToFrontTimeout === 'number' && settings.transportToFrontTimeout > 0
        ? settings.transportToFrontTimeout
        : DEFAULT_TRANSPORT_TIMEOUT_S;
    const guests = (order.guests as { count?: unknown } | null | undefined)?.count;

    const now = Date.now();
    const existing = this.orderList.find((o) => o.id === orderId);
    // The same id again never makes a second order: the command fails with DuplicatedOrderId and the order iiko has
    // stays as it is. An order whose creation failed holds nothing on the till, so its id may be sent again.
    const duplicate = existing !== undefined && existing.creationStatus !== 'Error';
    if (existing && !duplicate) this.orderList.splice(this.orderList.indexOf(existing), 1);
    if (!duplicate) {
      this.orderList.push({
        id: orderId,
        posId: stableUuid('pos-order', orderId),
        organizationId: org.id,
        terminalGroupId,
        externalNumber: externalNumber as string | null,
        tableIds,
        guests: typeof guests === 'number' && Number.isInteger(guests) && guests > 0 ? guests : 1,
        creationStatus: 'InProgress',
        errorInfo: null,
        status: 'New',
        number: 0,
        items: [],
        createdAt: now,
        closedAt: null,
        timestamp: now,
      });
    }
    const answer: IikoTableOrderResponse = {
      correlationId,
      orderInfo: {
        id: orderId,
        posId: null,
        externalNumber: externalNumber as string | null,
        organizationId: org.id,
        timestamp: now,
        creationStatus: 'InProgress',
        errorInfo: null,
        order: null,
      },
    };
    this.accept({
      correlationId,
      organizationId: org.id,
      terminalGroupId,
      kind: 'create',
      orderId,
      items,
      duplicate,
      state: 'InProgress',
      error: null,
      transportDeadline: now + (this.settings.transportTimeoutMs ?? transportSeconds * 1000),
      waitingForFront: false,
      forgotten: false,
    });
    return answer;
  }

  /** POST /api/1/order/add_items */
  addItems(body: Record<string, unknown>, correlationId: string): IikoCorrelationIdResponse {
    const org = this.knownOrganization(body.organizationId);
    if (!isUuid(body.orderId)) throw badRequest('orderId is required (a uuid)');
    const items = readItems(body.items);
    checkGroupModifiers(org, items);
    const order = this.orderList.find((o) => o.id === body.orderId && o.organizationId === org.id);
    this.accept({
      correlationId,
      organizationId: org.id,
      terminalGroupId: order?.terminalGroupId ?? '',
      kind: 'add_items',
      orderId: body.orderId,
      items,
      duplicate: false,
      state: 'InProgress',
      error: null,
      transportDeadline: Date.now() + (this.settings.transportTimeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_S * 1000),
      waitingForFront: false,
      forgotten: false,
    });
    return { correlationId };
  }

  /** POST /api/1/commands/status */
  status(body: Record<string, unknown>): IikoCommandStatusResponse {
    const org = this.knownOrganization(body.organizationId);
    if (!isUuid(body.correlationId)) throw badRequest('correlationId is required (a uuid)');
    const command = this.commands.get(body.correlationId);
    if (!command || command.organizationId !== org.id) {
      throw badRequest(`Command with correlationId ${body.correlationId} is not found`);
    }
    if (command.forgotten) {
      throw new HttpFailure(410, `correlationId ${body.correlationId} is no longer supported`, 'GONE');
    }
    if (command.state !== 'Error') return { state: command.state };
    return {
      state: 'Error',
      exception: { code: command.error!.code, message: command.error!.message },
      errorReason: command.error!.message ?? null,
    };
  }

  /** POST /api/1/order/by_id: by our ids or by the till's (posOrderIds), never both. */
  byId(body: Record<string, unknown>, correlationId: string): IikoTableOrdersResponse {
    const organizationIds = uuidArray(body.organizationIds, 'organizationIds');
    const byOurs = body.orderIds !== undefined && body.orderIds !== null;
    const byPos = body.posOrderIds !== undefined && body.posOrderIds !== null;
    if (byOurs === byPos) throw badRequest('Exactly one of orderIds and posOrderIds must be set');
    const wanted = new Set(byOurs ? uuidArray(body.orderIds, 'orderIds') : uuidArray(body.posOrderIds, 'posOrderIds'));
    const orders = this.orderList
      .filter((order) => organizationIds.includes(order.organizationId))
      .filter((order) => wanted.has(byOurs ? order.id : order.posId))
      // The till's id exists only once the till has the order.
      .filter((order) => byOurs || order.creationStatus === 'Success')
      .map((order) => this.info(order));
    return { correlationId, orders };
  }

  // ── carrying commands out ──

  private accept(command: Command): void {
    this.commands.set(command.correlationId, command);
    if (this.settings.commandDelayMs <= 0) {
      this.run(command);
      return;
    }
    this.later(this.settings.commandDelayMs, () => this.run(command));
  }

  private later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, ms);
    // A pending command never keeps a process (a test run, the demo) alive.
    timer.unref();
    this.timers.add(timer);
  }

  /** The till takes the command now, or the command waits for it until its transport deadline. */
  private run(command: Command): void {
    if (command.state !== 'InProgress') return;
    const terminalGroupId =
      command.kind === 'create'
        ? command.terminalGroupId
        : (this.orderList.find((o) => o.id === command.orderId)?.terminalGroupId ?? '');
    if (terminalGroupId !== '' && !this.terminals.isAlive(terminalGroupId)) {
      command.terminalGroupId = terminalGroupId;
      command.waitingForFront = true;
      this.later(Math.max(0, command.transportDeadline - Date.now()), () => this.dropUntaken(command));
      return;
    }
    command.waitingForFront = false;
    try {
      if (command.duplicate) {
        throw new CommandError('DuplicatedOrderId', `Order with id ${command.orderId} already exists`);
      }
      if (command.kind === 'create') this.carryOutCreate(command);
      else this.carryOutAddItems(command);
      command.state = 'Success';
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      this.fail(command, { code: error.code, message: error.message });
    }
  }

  private frontIsBack(terminalGroupId: string): void {
    for (const command of this.commands.values()) {
      if (command.waitingForFront && command.terminalGroupId === terminalGroupId) this.run(command);
    }
  }

  private dropUntaken(command: Command): void {
    if (!command.waitingForFront || command.state !== 'InProgress') return;
    command.waitingForFront = false;
    this.fail(command, { code: 'Common', message: CREATION_TIMEOUT_MESSAGE });
  }

  private fail(command: Command, error: { code: string; message: string }): void {
    const errorInfo: IikoErrorInfo = { ...error, description: error.message, additionalData: null };
    command.state = 'Error';
    command.error = errorInfo;
    if (command.kind !== 'create' || command.duplicate) return;
    const order = this.orderList.find((o) => o.id === command.orderId);
    if (order && order.creationStatus === 'InProgress') {
      order.creationStatus = 'Error';
      order.errorInfo = errorInfo;
      order.timestamp = Date.now();
    }
  }

  private carryOutCreate(command: Command): void {
    const order = this.orderList.find((o) => o.id === command.orderId)!;
    const org = this.organization(command.organizationId)!;
    if (command.items.length === 0) throw new CommandError('OrderItemsNotExists', 'Order has no items');
    const items = this.cook(org, command.items);
    const number = (this.numbers.get(org.id) ?? 0) + 1;
    this.numbers.set(org.id, number);
    Object.assign(order, { creationStatus: 'Success', number, items, timestamp: Date.now() });
  }

  private carryOutAddItems(command: Command): void {
    const order = this.orderList.find(
      (o) => o.id === command.orderId && o.organizationId === command.organizationId && o.creationStatus === 'Success',
    );
    if (!order) throw new CommandError('OrderNotFound', `Order with id ${command.orderId} not found`);
    if (order.status !== 'New') {
      throw new CommandError('Common', `Order ${command.orderId} is ${order.status}: items cannot be added`);
    }
    if (command.items.length === 0) throw new CommandError('OrderItemsNotExists', 'No items to add');
    const org = this.organization(command.organizationId)!;
    order.items.push(...this.cook(org, command.items));
    order.timestamp = Date.now();
  }

  /** The order lines as the till writes them, or the first thing iikoFront refuses. */
  private cook(org: SimulatedOrganization, items: IikoOrderItem[]): IikoOrderItemInfo[] {
    const positions = new Set(
      this.orderList.flatMap((order) =>
        order.items.flatMap((item) => [item.positionId, ...(item.modifiers ?? []).map((m) => m.positionId)]),
      ),
    );
    const takePosition = (positionId: string | null | undefined): string => {
      if (!positionId) return randomUUID();
      if (positions.has(positionId)) {
        throw new CommandError('NonUnqiueOrderItemPosition', `Order item position ${positionId} is not unique`);
      }
      positions.add(positionId);
      return positionId;
    };
    return items.map((item) => {
      if (item.type !== 'Product') {
        throw new CommandError('ProductNotFound', `Compound product ${item.primaryComponent.productId} not found`);
      }
      const product = org.products.find((p) => p.id === item.productId && !p.isDeleted && p.type !== 'Modifier');
      if (!product) throw new CommandError('ProductNotFound', `Product with id ${item.productId} not found`);
      const size = this.size(org, product, item.productSizeId ?? null);
      this.checkStopList(org, product);
      const seen = new Set<string>();
      const modifiers = (item.modifiers ?? []).map((modifier): IikoOrderItemModifierInfo => {
        const key = `${modifier.productGroupId ?? ''}/${modifier.productId}`;
        if (seen.has(key)) throw new CommandError('ModifierDuplicated', `Modifier ${modifier.productId} is duplicated`);
        seen.add(key);
        const modifierProduct = org.products.find(
          (p) => p.id === modifier.productId && !p.isDeleted && p.type === 'Modifier',
        );
        if (!modifierProduct) {
          throw new CommandError('ProductNotFound', `Modifier with id ${modifier.productId} not found`);
        }
        let group: { id: string; name: string } | null = null;
        if (modifier.productGroupId) {
          const offered = (product.groupModifiers ?? []).find(
            (g) => g.id === modifier.productGroupId && g.childModifiers.some((c) => c.id === modifier.productId),
          );
          const groupInfo = org.groups.find((g) => g.id === modifier.productGroupId && !g.isDeleted);
          if (!offered || !groupInfo) {
            throw new CommandError(
              'ProductGroupNotFound',
              `Modifier group ${modifier.productGroupId} of product ${product.name} with modifier ${modifierProduct.name} not found`,
            );
          }
          group = { id: groupInfo.id, name: groupInfo.name };
        } else if (!(product.modifiers ?? []).some((m) => m.id === modifier.productId)) {
          throw new CommandError(
            'ProductNotFound',
            `Modifier ${modifierProduct.name} (${modifier.productId}) is not a modifier of product ${product.name}`,
          );
        }
        this.checkStopList(org, modifierProduct);
        const price = modifier.price ?? modifierProduct.sizePrices?.[0]?.price.currentPrice ?? 0;
        return {
          product: { id: modifierProduct.id, name: modifierProduct.name },
          amount: modifier.amount,
          amountIndependentOfParentAmount: false,
          productGroup: group,
          price,
          pricePredefined: modifier.price !== null && modifier.price !== undefined,
          resultSum: money(price * modifier.amount * item.amount),
          deleted: null,
          positionId: takePosition(modifier.positionId),
          defaultAmount: 0,
          hideIfDefaultAmount: false,
          taxPercent: null,
          freeOfChargeAmount: 0,
        };
      });
      return {
        type: 'Product',
        status: 'Added',
        deleted: null,
        amount: item.amount,
        comment: item.comment ?? null,
        whenPrinted: null,
        size,
        comboInformation: null,
        product: { id: product.id, name: product.name },
        modifiers,
        price: item.price,
        cost: money(item.price * item.amount),
        pricePredefined: true,
        positionId: takePosition(item.positionId),
        taxPercent: null,
        resultSum: money(item.price * item.amount),
      } satisfies IikoOrderItemInfo & Pick<IikoProductOrderItem, 'price'>;
    });
  }

  /** A product with a size scale needs one of its sizes; one without takes none. */
  private size(
    org: SimulatedOrganization,
    product: IikoProductInfo,
    sizeId: string | null,
  ): { id: string; name: string } | null {
    const sized = (product.sizePrices ?? []).filter((entry) => entry.sizeId !== null);
    if (sized.length === 0 && sizeId === null) return null;
    const entry = sized.find((e) => e.sizeId === sizeId);
    if (!entry) {
      throw new CommandError(
        'ProductSizeNotFound',
        sizeId === null
          ? `Product ${product.name} (${product.id}) has a size scale: productSizeId is required`
          : `Size ${sizeId} of product ${product.name} (${product.id}) not found`,
      );
    }
    const size = org.sizes.find((s) => s.id === sizeId);
    return { id: sizeId!, name: size?.name ?? '' };
  }

  private checkStopList(org: SimulatedOrganization, product: IikoProductInfo): void {
    const balance = org.stopList.get(product.id);
    if (balance !== undefined && balance <= 0) {
      throw new CommandError('Common', `Product ${product.name} (${product.id}) is in the stop list`);
    }
  }

  private info(order: SimulatedOrder): IikoTableOrderInfo {
    const created = order.creationStatus === 'Success';
    const sum = orderSum(order.items);
    return structuredClone({
      id: order.id,
      posId: created ? order.posId : null,
      externalNumber: order.externalNumber,
      organizationId: order.organizationId,
      timestamp: order.timestamp,
      creationStatus: order.creationStatus,
      errorInfo: order.creationStatus === 'Error' ? order.errorInfo : null,
      order: created
        ? {
            tableIds: order.tableIds,
            status: order.status,
            sum,
            number: order.number,
            terminalGroupId: order.terminalGroupId,
            items: order.items,
            guestsInfo: { count: order.guests, splitBetweenPersons: false },
            orderType: { id: stableUuid('order-type', 'Common'), name: 'Zalda', orderServiceType: 'Common' },
            processedPaymentsSum: 0,
            whenCreated: terminalTime(order.createdAt),
            whenBillPrinted: null,
            whenClosed: order.closedAt === null ? null : terminalTime(order.closedAt),
            waiter: null,
            phone: null,
            tabName: null,
            menuId: null,
            sourceKey: null,
            payments: [],
            tips: [],
            discounts: [],
            combos: [],
            externalData: null,
          }
        : null,
    });
  }
}

/** POST /control actions over the till's orders. */
export function tableOrderControlActions(
  tableOrders: TableOrderControl,
  body: Record<string, unknown>,
): Record<string, () => unknown> {
  const organizationId = typeof body.organizationId === 'string' ? body.organizationId : undefined;
  return {
    orders: () => ({ orders: tableOrders.orders(organizationId) }),
    openOrders: () => ({ orders: tableOrders.openOrders(organizationId) }),
    tillOrders: () => ({ orders: tableOrders.tillOrders(organizationId) }),
    closeOrder: () => tableOrders.closeOrder(String(body.orderId ?? '')),
    orderTimings: () => {
      tableOrders.setTimings({
        ...(body.commandDelayMs !== undefined ? { commandDelayMs: Number(body.commandDelayMs) } : {}),
        ...(body.transportTimeoutMs !== undefined
          ? { transportTimeoutMs: body.transportTimeoutMs === null ? null : Number(body.transportTimeoutMs) }
          : {}),
      });
      return tableOrders.timings();
    },
    forgetCommands: () => tableOrders.forgetCommands(),
  };
}
