import type { Portion } from '../../lib/dish-facts';
import type { PosTill } from './till';

/**
 * The neutral shape of a POS (point-of-sale system) as the sync sees it. A provider (iiko today; Poster, R-Keeper,
 * Jowi later) turns its own API into these types, so the sync never knows which POS it talks to.
 */

/** A restaurant as the POS knows it (iiko: an organization). */
export interface PosOrganization {
  id: string;
  name: string;
  /** What the POS knows of the place, copied when a restaurant is created from it (iiko: `restaurantAddress`). */
  address?: string;
  /** A POS that has the restaurant's phone gives it here (iiko's organizations have none). */
  phone?: string;
}

export interface PosOptionRow {
  /** The POS's id of the choice (iiko: the modifier product's id). */
  externalId: string;
  name: string;
  /** So'm, >= 0. */
  price: number;
}

export interface PosOption {
  /** Unique within its product (iiko: the modifier group's id, or a fixed id for the simple modifiers). */
  externalId: string;
  name: string;
  /** How many of its rows an order chooses (product_options.min_choices / max_choices): the POS's own rule. */
  minChoices: number;
  maxChoices: number;
  rows: PosOptionRow[];
}

/**
 * What the POS says of a dish for a diner (null: it does not say). The sync keeps them in step unless a manager set
 * one by hand (products.manual_facts). Allergens are absent: no POS we speak gives them yet.
 */
export interface PosDishFacts {
  portion: Portion | null;
  /** kcal of one portion, a whole number. */
  calories: number | null;
}

export interface PosProduct extends PosDishFacts {
  externalId: string;
  /** externalId of the PosCategory it belongs to (always one of the menu's categories). */
  categoryExternalId: string;
  name: string;
  description: string;
  /** So'm, >= 0. */
  price: number;
  /** The POS size the price was taken from (null: the product has no sizes); a stop-list entry may name it. */
  sizeId: string | null;
  /** Absolute http(s) URLs of the POS's pictures. */
  imageUrls: string[];
  /** The POS's display order, only used to order items the sync creates. */
  order: number;
  options: PosOption[];
}

export interface PosCategory {
  externalId: string;
  name: string;
  order: number;
}

/** A whole menu: every category and product the POS sells now. What is not listed has left the POS. */
export interface PosMenu {
  categories: PosCategory[];
  products: PosProduct[];
}

/** A product (or one size of it) the POS cannot sell right now. */
export interface PosStopEntry {
  productId: string;
  sizeId: string | null;
}

/** A POS till group that takes table orders (iiko: an iikoFront terminal group). */
export interface PosTerminalGroup {
  id: string;
  name: string;
}

/** A dining table of a terminal group as the POS lists it. */
export interface PosTable {
  externalId: string;
  number: number;
  /** What the POS calls it; empty when it has only its number. */
  name: string;
  /** The POS deleted it (iiko keeps a deleted table with isDeleted). */
  deleted: boolean;
}

export interface PosCallOptions {
  /** Aborts the call when the sync's time budget runs out. */
  signal: AbortSignal;
  /** Epoch ms the budget runs out at, for POS APIs that accept a server-side timeout. */
  deadline?: number | undefined;
}

export interface PosProvider {
  /** Stored in restaurants.integration_provider next to the POS's organization id. */
  readonly name: string;
  listOrganizations(options: PosCallOptions): Promise<PosOrganization[]>;
  fetchMenu(organizationId: string, options: PosCallOptions): Promise<PosMenu>;
  fetchStopList(organizationId: string, options: PosCallOptions): Promise<PosStopEntry[]>;
  /**
   * The organization's terminal groups in the POS's order (the first is the default for table orders). A provider
   * without table support leaves these out, and its restaurants' tables are all the panel's.
   */
  listTerminalGroups?(organizationId: string, options: PosCallOptions): Promise<PosTerminalGroup[]>;
  /** Every table of the terminal group, of all its halls, deleted ones included. */
  fetchTables?(terminalGroupId: string, options: PosCallOptions): Promise<PosTable[]>;
  /** Where table orders are sent (integrations/till.ts); a provider without table orders has none. */
  readonly till?: PosTill;
}

/**
 * Why a call to the POS failed: `timeout` (the budget ran out), `unavailable` (network error or a 5xx answer),
 * `rejected` (a 4xx answer: bad login, unknown organization) or `bad-response` (an answer we cannot read).
 * The message is technical, for logs and sync_runs; clients get an Uzbek sentence.
 */
export type PosErrorKind = 'timeout' | 'unavailable' | 'rejected' | 'bad-response';

export class PosError extends Error {
  constructor(
    public readonly kind: PosErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PosError';
  }
}
