import type { IikoNomenclatureResponse, IikoProductInfo } from '../../integrations/iiko/types';
import { buildOrganization, menuGroup, product, type SimulatedOrganization, sizePrice, stableUuid } from './build';
import { SAMPLE_ORGANIZATIONS, type SampleOrganization } from './sample-data';
import { SimulatorError } from './simulator-error';
import { type TableOrderControl, TableOrdersState } from './table-orders';
import { type TerminalControl, TerminalsState } from './terminals';

export { SimulatorError };

export interface FailRule {
  status: number;
  /** How many more calls fail; Infinity until cleared. */
  remaining: number;
}

export interface SimulatorStats {
  /** Calls per API path, counted as they arrive. */
  calls: Record<string, number>;
  tokensIssued: number;
  /** Calls refused with 401 (no, unknown or expired token). */
  unauthorized: number;
}

/**
 * What tests (in process) and the control endpoint (over HTTP) can tell the simulator: change its menu, put products
 * on or off its stop-list, fail or slow down a call, expire its tokens.
 */
/** The fields of a product that say how big a dish is and its energy. */
export type NutritionFields = Partial<
  Pick<IikoProductInfo, 'weight' | 'measureUnit' | 'energyAmount' | 'energyFullAmount'>
>;

export interface SimulatorControl {
  organizations(): { id: string; name: string; address: string | null }[];
  /** The nomenclature exactly as /api/1/nomenclature answers it now (a copy). */
  nomenclature(organizationId: string): IikoNomenclatureResponse;
  /** A product (dish or modifier) by its name, as a copy. */
  findProduct(organizationId: string, name: string): IikoProductInfo;
  setPrice(organizationId: string, productId: string, price: number): void;
  renameProduct(organizationId: string, productId: string, name: string): void;
  /** A menu group (a category) or a modifier group (an option) by its id: the till renames them too. */
  renameGroup(organizationId: string, groupId: string, name: string): void;
  /** The dish's weight, measure unit and energy as the till's technological card changes them (null: cleared). */
  setNutrition(organizationId: string, productId: string, nutrition: NutritionFields): void;
  /** How many of a product's modifier group's modifiers an order takes (iiko's minAmount / maxAmount). */
  setModifierAmounts(
    organizationId: string,
    productId: string,
    groupId: string,
    amounts: { minAmount: number; maxAmount: number },
  ): void;
  /** A new menu group (a category to be) at the end of the menu; answers its id. */
  addGroup(organizationId: string, name: string): string;
  /** A menu group or a modifier group; iiko keeps it with isDeleted: true (its products keep pointing at it). */
  removeGroup(organizationId: string, groupId: string): void;
  /** The till moves a dish to another menu group. */
  moveProduct(organizationId: string, productId: string, groupId: string): void;
  /** iiko keeps removed items with isDeleted: true. */
  removeProduct(organizationId: string, productId: string): void;
  addProduct(organizationId: string, product: { groupId: string; name: string; price: number }): string;
  /** Puts a product on the stop-list (balance 0 by default: unavailable). */
  stop(organizationId: string, productId: string, balance?: number): void;
  unstop(organizationId: string, productId: string): void;
  /** The next `times` calls of `path` (e.g. '/api/1/stop_lists') answer `status` with iiko's error shape. */
  fail(path: string, options?: { status?: number; times?: number }): void;
  /** Calls of `path` ('*' for every call) answer after `ms` milliseconds. */
  slow(path: string, ms: number): void;
  clearFaults(): void;
  /** Every token issued so far stops working (as when iiko drops them): the next call answers 401. */
  expireTokens(): void;
  /**
   * One more organization from a sample (the demo's own, DEMO_POS_ORGANIZATION), with its menu and till; kept by
   * reset(). Adding one that is there already changes nothing. Answers its ids.
   */
  addSampleOrganization(sample: SampleOrganization): { id: string; name: string; terminalGroupId: string };
  /** Back to the sample menus (those added too), tills and tables, no orders, no faults, no tokens, zero stats. */
  reset(): void;
  stats(): SimulatorStats;
  /** The tills (terminal groups) and their tables. */
  terminals: TerminalControl;
  /** The table orders sent to the tills. */
  tableOrders: TableOrderControl;
}

export class SimulatorState implements SimulatorControl {
  organizationsById = new Map<string, SimulatedOrganization>();
  failures = new Map<string, FailRule>();
  delays = new Map<string, number>();
  tokens = new Map<string, number>();
  counters: SimulatorStats = { calls: {}, tokensIssued: 0, unauthorized: 0 };
  readonly terminals = new TerminalsState();
  readonly tableOrders = new TableOrdersState((id) => this.organizationsById.get(id), this.terminals);
  /** Samples added after the start (addSampleOrganization), which a reset keeps. */
  private readonly addedSamples: SampleOrganization[] = [];

  constructor(private readonly imageBase: string) {
    this.reset();
  }

  reset(): void {
    this.organizationsById = new Map(
      [...SAMPLE_ORGANIZATIONS, ...this.addedSamples].map((sample) => {
        const org = buildOrganization(sample, this.imageBase);
        return [org.id, org];
      }),
    );
    this.terminals.reset(this.organizationsById.values());
    this.tableOrders.reset();
    this.clearFaults();
    this.tokens.clear();
    this.counters = { calls: {}, tokensIssued: 0, unauthorized: 0 };
  }

  addSampleOrganization(sample: SampleOrganization): { id: string; name: string; terminalGroupId: string } {
    const org = buildOrganization(sample, this.imageBase);
    if (!this.organizationsById.has(org.id)) {
      this.addedSamples.push(sample);
      this.organizationsById.set(org.id, org);
      this.terminals.addOrganization(org);
    }
    return { id: org.id, name: org.name, terminalGroupId: org.terminalGroupId };
  }

  organization(organizationId: string): SimulatedOrganization {
    const org = this.organizationsById.get(organizationId);
    if (!org) throw new SimulatorError(`Unknown organization ${organizationId}`);
    return org;
  }

  private product(organizationId: string, productId: string): { org: SimulatedOrganization; item: IikoProductInfo } {
    const org = this.organization(organizationId);
    const item = org.products.find((p) => p.id === productId);
    if (!item) throw new SimulatorError(`Unknown product ${productId}`);
    return { org, item };
  }

  organizations() {
    return [...this.organizationsById.values()].map((org) => ({ id: org.id, name: org.name, address: org.address }));
  }

  nomenclature(organizationId: string): IikoNomenclatureResponse {
    const org = this.organization(organizationId);
    return structuredClone({
      correlationId: '',
      groups: org.groups,
      productCategories: org.productCategories,
      products: org.products,
      sizes: org.sizes,
      revision: org.revision,
    });
  }

  findProduct(organizationId: string, name: string): IikoProductInfo {
    const found = this.organization(organizationId).products.find((p) => p.name === name);
    if (!found) throw new SimulatorError(`Unknown product "${name}"`);
    return structuredClone(found);
  }

  setPrice(organizationId: string, productId: string, price: number): void {
    if (!Number.isFinite(price) || price < 0) throw new SimulatorError('price must be a number >= 0');
    const { org, item } = this.product(organizationId, productId);
    item.sizePrices = (item.sizePrices ?? []).map((entry) => sizePrice(price, entry.sizeId));
    if (item.sizePrices.length === 0) item.sizePrices = [sizePrice(price)];
    org.revision++;
  }

  renameProduct(organizationId: string, productId: string, name: string): void {
    if (typeof name !== 'string' || name.trim() === '') throw new SimulatorError('name must be a non-empty string');
    const { org, item } = this.product(organizationId, productId);
    item.name = name;
    org.revision++;
  }

  setNutrition(organizationId: string, productId: string, nutrition: NutritionFields): void {
    const { org, item } = this.product(organizationId, productId);
    Object.assign(item, nutrition);
    org.revision++;
  }

  renameGroup(organizationId: string, groupId: string, name: string): void {
    if (typeof name !== 'string' || name.trim() === '') throw new SimulatorError('name must be a non-empty string');
    const org = this.organization(organizationId);
    const group = org.groups.find((g) => g.id === groupId);
    if (!group) throw new SimulatorError(`Unknown group ${groupId}`);
    group.name = name;
    org.revision++;
  }

  setModifierAmounts(
    organizationId: string,
    productId: string,
    groupId: string,
    { minAmount, maxAmount }: { minAmount: number; maxAmount: number },
  ): void {
    if (![minAmount, maxAmount].every((n) => Number.isInteger(n) && n >= 0)) {
      throw new SimulatorError('minAmount and maxAmount must be integers >= 0');
    }
    const { org, item } = this.product(organizationId, productId);
    const group = item.groupModifiers?.find((g) => g.id === groupId);
    if (!group) throw new SimulatorError(`Product ${productId} has no modifier group ${groupId}`);
    Object.assign(group, { minAmount, maxAmount, required: minAmount > 0 });
    org.revision++;
  }

  addGroup(organizationId: string, name: string): string {
    if (typeof name !== 'string' || name.trim() === '') throw new SimulatorError('name must be a non-empty string');
    const org = this.organization(organizationId);
    const id = stableUuid(org.name, 'added group', name);
    org.groups.push(menuGroup(id, name, org.groups.length, false));
    org.revision++;
    return id;
  }

  removeGroup(organizationId: string, groupId: string): void {
    const org = this.organization(organizationId);
    const group = org.groups.find((g) => g.id === groupId);
    if (!group) throw new SimulatorError(`Unknown group ${groupId}`);
    group.isDeleted = true;
    org.revision++;
  }

  moveProduct(organizationId: string, productId: string, groupId: string): void {
    const { org, item } = this.product(organizationId, productId);
    if (!org.groups.some((g) => g.id === groupId && !g.isGroupModifier))
      throw new SimulatorError(`Unknown group ${groupId}`);
    item.parentGroup = groupId;
    org.revision++;
  }

  removeProduct(organizationId: string, productId: string): void {
    const { org, item } = this.product(organizationId, productId);
    item.isDeleted = true;
    org.revision++;
  }

  addProduct(organizationId: string, fields: { groupId: string; name: string; price: number }): string {
    const org = this.organization(organizationId);
    if (!org.groups.some((g) => g.id === fields.groupId && !g.isGroupModifier)) {
      throw new SimulatorError(`Unknown group ${fields.groupId}`);
    }
    if (!Number.isFinite(fields.price) || fields.price < 0) throw new SimulatorError('price must be a number >= 0');
    const id = stableUuid(org.name, 'added', fields.groupId, fields.name);
    org.products.push(
      product({
        id,
        name: fields.name,
        type: 'Dish',
        parentGroup: fields.groupId,
        order: org.products.length,
        sizePrices: [sizePrice(fields.price)],
      }),
    );
    org.revision++;
    return id;
  }

  stop(organizationId: string, productId: string, balance = 0): void {
    const { org } = this.product(organizationId, productId);
    org.stopList.set(productId, balance);
  }

  unstop(organizationId: string, productId: string): void {
    const { org } = this.product(organizationId, productId);
    org.stopList.delete(productId);
  }

  fail(path: string, options: { status?: number; times?: number } = {}): void {
    const status = options.status ?? 500;
    if (!Number.isInteger(status) || status < 400 || status > 599) throw new SimulatorError('status must be 400-599');
    this.failures.set(path, { status, remaining: options.times ?? Number.POSITIVE_INFINITY });
  }

  slow(path: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new SimulatorError('ms must be a number >= 0');
    this.delays.set(path, ms);
  }

  clearFaults(): void {
    this.failures.clear();
    this.delays.clear();
  }

  expireTokens(): void {
    this.tokens.clear();
  }

  stats(): SimulatorStats {
    return structuredClone(this.counters);
  }

  /** The failure a call of `path` must answer now, if any (consumes one of its `times`). */
  takeFailure(path: string): number | undefined {
    const rule = this.failures.get(path);
    if (!rule || rule.remaining <= 0) return undefined;
    rule.remaining--;
    return rule.status;
  }

  delayFor(path: string): number {
    return this.delays.get(path) ?? this.delays.get('*') ?? 0;
  }
}
