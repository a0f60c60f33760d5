import {
  type PosCallOptions,
  PosError,
  type PosMenu,
  type PosOrganization,
  type PosProvider,
  type PosStopEntry,
  type PosTable,
  type PosTerminalGroup,
} from '../provider';
import { TableOrderError } from '../till';
import { IikoClient, type IikoClientOptions } from './client';
import { mapNomenclature } from './nomenclature';
import { restaurantSections, terminalGroups } from './table-orders';
import { IikoTill } from './till';
import type {
  IikoNomenclatureRequest,
  IikoNomenclatureResponse,
  IikoOrganizationsRequest,
  IikoOrganizationsResponse,
  IikoStopListsRequest,
  IikoStopListsResponse,
} from './types';

export const IIKO_PROVIDER_NAME = 'iiko';

/**
 * We always ask for the whole menu (revision 0, "first request"): the sync compares it with the database, so a
 * manager's edit of a POS-owned field is put right on the next sync even when nothing changed in iiko.
 */
const FULL_MENU_REVISION = 0;

const POS_ERROR_KINDS: ReadonlySet<string> = new Set(['timeout', 'unavailable', 'rejected', 'bad-response']);

/** The table-order calls fail as TableOrderErrors; the sync reads PosErrors (a till's own kinds never come from these). */
async function asPosCall<T>(task: Promise<T>): Promise<T> {
  try {
    return await task;
  } catch (error) {
    if (!(error instanceof TableOrderError)) throw error;
    const kind = POS_ERROR_KINDS.has(error.kind) ? (error.kind as PosError['kind']) : 'rejected';
    throw new PosError(kind, error.message);
  }
}

function requireArray(value: unknown, what: string): void {
  if (!Array.isArray(value)) throw new PosError('bad-response', `iiko ${what}: the answer has no list`);
}

/** The iiko Cloud API behind the neutral PosProvider interface. */
export class IikoProvider implements PosProvider {
  readonly name = IIKO_PROVIDER_NAME;
  readonly client: IikoClient;
  readonly till: IikoTill;

  constructor(options: IikoClientOptions) {
    this.client = new IikoClient(options);
    this.till = new IikoTill(this.client);
  }

  async listOrganizations(options: PosCallOptions): Promise<PosOrganization[]> {
    const body: IikoOrganizationsRequest = {
      organizationIds: null,
      // The extended info carries the restaurant's address, which a restaurant created from the POS starts with.
      returnAdditionalInfo: true,
      includeDisabled: false,
    };
    const answer = await this.client.call<IikoOrganizationsResponse>('/api/1/organizations', body, options);
    requireArray(answer.organizations, '/api/1/organizations');
    return answer.organizations
      .filter((org) => typeof org?.id === 'string')
      .map((org) => {
        const address = typeof org.restaurantAddress === 'string' ? org.restaurantAddress.trim() : '';
        return { id: org.id, name: org.name?.trim() || org.id, ...(address ? { address } : {}) };
      });
  }

  async fetchMenu(organizationId: string, options: PosCallOptions): Promise<PosMenu> {
    const body: IikoNomenclatureRequest = { organizationId, startRevision: FULL_MENU_REVISION };
    const answer = await this.client.call<IikoNomenclatureResponse>('/api/1/nomenclature', body, options);
    for (const key of ['groups', 'productCategories', 'products', 'sizes'] as const) {
      requireArray(answer[key], `/api/1/nomenclature (${key})`);
    }
    // iiko answers empty lists when startRevision equals its revision: "no changes", never "everything was deleted".
    if (answer.revision === FULL_MENU_REVISION && answer.groups.length === 0 && answer.products.length === 0) {
      throw new PosError('bad-response', `iiko /api/1/nomenclature: revision ${answer.revision} came without a menu`);
    }
    return mapNomenclature(answer);
  }

  /**
   * Products with `balance <= 0` in any terminal group of the organization are unavailable: a QR menu belongs to the
   * whole restaurant, so what one of its terminal groups cannot sell is not offered.
   */
  async fetchStopList(organizationId: string, options: PosCallOptions): Promise<PosStopEntry[]> {
    const body: IikoStopListsRequest = { organizationIds: [organizationId], returnSize: true };
    const answer = await this.client.call<IikoStopListsResponse>('/api/1/stop_lists', body, options);
    requireArray(answer.terminalGroupStopLists, '/api/1/stop_lists');
    const entries: PosStopEntry[] = [];
    for (const organization of answer.terminalGroupStopLists) {
      if (organization.organizationId !== organizationId) continue;
      for (const terminalGroup of organization.items ?? []) {
        for (const item of terminalGroup.items ?? []) {
          if (typeof item.productId === 'string' && typeof item.balance === 'number' && item.balance <= 0) {
            entries.push({ productId: item.productId, sizeId: item.sizeId ?? null });
          }
        }
      }
    }
    return entries;
  }

  /** Active groups first, then those iiko keeps asleep (a sleeping till is woken in iiko, and takes orders again). */
  async listTerminalGroups(organizationId: string, options: PosCallOptions): Promise<PosTerminalGroup[]> {
    const groups = await asPosCall(terminalGroups(this.client, [organizationId], options));
    return [...groups.active, ...groups.asleep]
      .filter((group) => group.organizationId === organizationId)
      .map((group) => ({ id: group.id, name: group.name?.trim() || group.id }));
  }

  async fetchTables(terminalGroupId: string, options: PosCallOptions): Promise<PosTable[]> {
    const { sections } = await asPosCall(restaurantSections(this.client, [terminalGroupId], options));
    return sections
      .filter((section) => section.terminalGroupId === terminalGroupId)
      .flatMap((section) => section.tables)
      .filter((table) => typeof table?.id === 'string' && Number.isInteger(table.number))
      .map((table) => ({
        externalId: table.id,
        number: table.number,
        name: typeof table.name === 'string' ? table.name : '',
        deleted: table.isDeleted === true,
      }));
  }
}
