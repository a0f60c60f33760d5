import { tableOrderFailureReasons } from '../messages';

/**
 * A POS's till as the order sender sees it (server/domain/orders/send-to-till.ts): whether a terminal group is up,
 * putting an order on it or adding a round to an open one (commands, whose outcome is asked for later), and reading
 * an order back. iiko implements it (integrations/iiko/till.ts); a provider without table orders has none.
 */

/** What every till call is given (the same as a TillCallOptions: the POS's calls and the till's share a budget). */
export interface TillCallOptions {
  signal: AbortSignal;
  /** Epoch ms the budget runs out at. */
  deadline?: number | undefined;
}

export type TableOrderFailureKind = keyof typeof tableOrderFailureReasons;

/** Worth trying again later: the POS or the till was away, not the order's fault. */
const RETRYABLE: ReadonlySet<TableOrderFailureKind> = new Set(['timeout', 'unavailable', 'terminal-offline']);

export class TableOrderError extends Error {
  readonly retryable: boolean;
  /** Why, in Uzbek, for the staff. */
  readonly reason: string;
  constructor(
    readonly kind: TableOrderFailureKind,
    message: string,
    /** The POS's HTTP status (a refused call) or error code (a failed command) and its own text, when it gave them. */
    readonly details: { status?: number; code?: string; description?: string } = {},
  ) {
    super(message);
    this.name = 'TableOrderError';
    this.retryable = RETRYABLE.has(kind);
    this.reason = tableOrderFailureReasons[kind];
  }
}

export type CommandOutcome =
  | { state: 'InProgress' }
  | { state: 'Success' }
  | { state: 'Error'; failure: TableOrderError };

/** A choice made on a dish (iiko: a modifier), with the POS's ids. */
export interface TillModifier {
  productId: string;
  /** The POS's id of the option it was chosen in (iiko: the modifier group; the simple modifiers' stand-in id). */
  optionId: string | null;
  amount: number;
  /** So'm per unit. */
  price: number;
  positionId: string;
}

/** One dish of an order, with the POS's ids. */
export interface TillLine {
  productId: string;
  sizeId: string | null;
  amount: number;
  /** So'm per unit, the choices' prices apart. */
  price: number;
  /** Ours, derived from the order: a resent order carries the same ones, so the till's copy can be recognised. */
  positionId: string;
  comment: string | null;
  modifiers: TillModifier[];
}

export interface TillOrder {
  /** Our order's id: the till refuses the same id twice, so a resend never makes a second check. */
  id: string;
  /** Our order number, as staff know it. */
  externalNumber: string;
  /** The POS's ids of the order's table; empty for a table the POS does not have. */
  tableIds: string[];
  lines: TillLine[];
}

/** An order as the till has it. */
export interface TillOrderState {
  creation: 'InProgress' | 'Success' | 'Error';
  /** Why its creation failed (creation Error). */
  failure: TableOrderError | null;
  /** The check is open: a next round can be added to it. */
  open: boolean;
  /** The till's number of the check, once created. */
  number: number | null;
  /** Every line's and choice's position id on the check. */
  positionIds: string[];
}

export interface PosTill {
  /** Resolves when the terminal group takes orders now; fails as `terminal-offline` otherwise. */
  requireAlive(organizationId: string, terminalGroupId: string, options: TillCallOptions): Promise<void>;
  /** Gives the till an order to open a check with; answers the command to follow. */
  createOrder(
    organizationId: string,
    terminalGroupId: string,
    order: TillOrder,
    options: TillCallOptions,
  ): Promise<{ commandId: string }>;
  /** Gives the till a next round for an open check; answers the command to follow. */
  addItems(
    organizationId: string,
    tillOrderId: string,
    lines: TillLine[],
    options: TillCallOptions,
  ): Promise<{ commandId: string }>;
  commandStatus(organizationId: string, commandId: string, options: TillCallOptions): Promise<CommandOutcome>;
  /** The order of that id, or null when the till never got it. */
  order(organizationId: string, tillOrderId: string, options: TillCallOptions): Promise<TillOrderState | null>;
}
