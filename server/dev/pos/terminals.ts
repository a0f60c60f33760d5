import type {
  IikoIsAliveResponse,
  IikoRestaurantSection,
  IikoRestaurantSectionsResponse,
  IikoTable,
  IikoTerminalGroup,
  IikoTerminalGroupsOfOrganization,
  IikoTerminalGroupsResponse,
} from '../../integrations/iiko/table-order-types';
import type { SimulatedOrganization } from './build';
import { stableUuid } from './build';
import { badRequest, uuidArray } from './http-failure';
import { SimulatorError } from './simulator-error';

/**
 * The simulator's tills: one iikoFront terminal group per organization (more can be added), with the halls ("restaurant sections") its
 * sample names, by default one of six tables numbered and named 1…6. A terminal group can be switched off (is_alive answers false and orders wait for it
 * until their transport timeout) or put to sleep (listed in terminalGroupsInSleep), and its tables added, renamed and
 * deleted as a manager does in iiko.
 */

const SAMPLE_TABLES = 6;
const DEFAULT_HALL = 'Asosiy zal';
/** Tashkent (UTC+5) as iiko names time zones. */
const TIME_ZONE = 'West Asia Standard Time';
const POS_VERSION = '8.9.6017.0';

interface SimulatedSection {
  id: string;
  name: string;
  tables: IikoTable[];
}

export interface SimulatedTerminalGroup {
  id: string;
  organizationId: string;
  name: string;
  alive: boolean;
  asleep: boolean;
  sections: SimulatedSection[];
}

export interface TerminalGroupSummary {
  id: string;
  organizationId: string;
  name: string;
  /** What is_alive answers: switched on and not asleep. */
  isAlive: boolean;
  asleep: boolean;
}

/** What tests (in process) and POST /control (over HTTP) can do to the tills. */
export interface TerminalControl {
  /** The terminal groups, of one organization or all. */
  terminalGroups(organizationId?: string): TerminalGroupSummary[];
  /** The tables of a terminal group as available_restaurant_sections lists them (deleted ones included), as copies. */
  tables(terminalGroupId: string): IikoTable[];
  /** Switches the till off (is_alive false; orders wait for it) or back on (waiting orders go through). */
  setAlive(terminalGroupId: string, alive: boolean): void;
  /** Puts the group among terminalGroupsInSleep (and not alive), or wakes it. */
  setAsleep(terminalGroupId: string, asleep: boolean): void;
  /** A new table in the group's first hall; answers its id. */
  addTable(terminalGroupId: string, table: { number: number; name?: string; seatingCapacity?: number }): string;
  renameTable(tableId: string, name: string): void;
  /** iiko keeps a deleted table with isDeleted: true. */
  removeTable(tableId: string): void;
  /**
   * One more till of the organization (a second hall's cash desk), with one hall of tables numbered from 1 and named
   * by `tableNames`; answers its id. It follows the organization's first in the terminal groups' list.
   */
  addTerminalGroup(organizationId: string, name: string, tableNames: string[]): string;
  /** The till taken out of the organization: terminal_groups no longer lists it. */
  removeTerminalGroup(terminalGroupId: string): void;
}

export class TerminalsState implements TerminalControl {
  groups = new Map<string, SimulatedTerminalGroup>();
  /**
   * Grows with every change of a table: available_restaurant_sections answers it, and each table carries the one of
   * its last change.
   */
  revision = 1;
  /** Told when a till comes back, so orders waiting for it go through. */
  onAlive: (terminalGroupId: string) => void = () => {};

  reset(organizations: Iterable<SimulatedOrganization>): void {
    this.groups.clear();
    this.revision = 1;
    for (const org of organizations) this.addOrganization(org);
  }

  /** The organization's till: its sample halls, or one hall `Asosiy zal` of six tables numbered and named 1…6. */
  addOrganization(org: SimulatedOrganization): void {
    const halls = org.halls ?? [
      {
        name: DEFAULT_HALL,
        tables: Array.from({ length: SAMPLE_TABLES }, (_, index): [number, string, number] => {
          const number = index + 1;
          return [number, String(number), number > 4 ? 6 : 4];
        }),
      },
    ];
    this.groups.set(org.terminalGroupId, {
      id: org.terminalGroupId,
      organizationId: org.id,
      name: 'Asosiy kassa',
      alive: true,
      asleep: false,
      sections: halls.map((hall) => ({
        id: stableUuid(org.name, 'section', hall.name),
        name: hall.name,
        tables: hall.tables.map(([number, name, seats]) => this.table(org.name, number, name, seats)),
      })),
    });
  }

  /** `seed` keeps a table's ids the same across restarts. */
  private table(seed: string, number: number, name: string, seatingCapacity: number): IikoTable {
    return {
      id: stableUuid(seed, 'table', String(number), name),
      number,
      name,
      seatingCapacity,
      revision: this.revision,
      isDeleted: false,
      posId: stableUuid(seed, 'pos-table', String(number), name),
    };
  }

  group(terminalGroupId: string): SimulatedTerminalGroup {
    const group = this.groups.get(terminalGroupId);
    if (!group) throw new SimulatorError(`Unknown terminal group ${terminalGroupId}`);
    return group;
  }

  isAlive(terminalGroupId: string): boolean {
    const group = this.groups.get(terminalGroupId);
    return group?.alive === true && !group.asleep;
  }

  /** The table with this id in the terminal group, if it is there and not deleted. */
  liveTable(terminalGroupId: string, tableId: string): IikoTable | undefined {
    return this.groups
      .get(terminalGroupId)
      ?.sections.flatMap((section) => section.tables)
      .find((table) => table.id === tableId && !table.isDeleted);
  }

  private findTable(tableId: string): IikoTable {
    for (const group of this.groups.values()) {
      for (const section of group.sections) {
        const table = section.tables.find((t) => t.id === tableId);
        if (table) return table;
      }
    }
    throw new SimulatorError(`Unknown table ${tableId}`);
  }

  terminalGroups(organizationId?: string): TerminalGroupSummary[] {
    return [...this.groups.values()]
      .filter((group) => organizationId === undefined || group.organizationId === organizationId)
      .map((group) => ({
        id: group.id,
        organizationId: group.organizationId,
        name: group.name,
        isAlive: this.isAlive(group.id),
        asleep: group.asleep,
      }));
  }

  tables(terminalGroupId: string): IikoTable[] {
    return structuredClone(this.group(terminalGroupId).sections.flatMap((section) => section.tables));
  }

  setAlive(terminalGroupId: string, alive: boolean): void {
    this.group(terminalGroupId).alive = alive;
    if (this.isAlive(terminalGroupId)) this.onAlive(terminalGroupId);
  }

  setAsleep(terminalGroupId: string, asleep: boolean): void {
    this.group(terminalGroupId).asleep = asleep;
    if (this.isAlive(terminalGroupId)) this.onAlive(terminalGroupId);
  }

  addTable(terminalGroupId: string, fields: { number: number; name?: string; seatingCapacity?: number }): string {
    const group = this.group(terminalGroupId);
    if (!Number.isInteger(fields.number) || fields.number < 1)
      throw new SimulatorError('number must be an integer >= 1');
    const all = group.sections.flatMap((section) => section.tables);
    if (all.some((table) => table.number === fields.number && !table.isDeleted)) {
      throw new SimulatorError(`Table number ${fields.number} is taken`);
    }
    const name = fields.name?.trim() || String(fields.number);
    const capacity = fields.seatingCapacity ?? 4;
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new SimulatorError('seatingCapacity must be an integer >= 0');
    this.revision++;
    const table = this.table(`${group.organizationId}/added/${all.length}`, fields.number, name, capacity);
    group.sections[0]!.tables.push(table);
    return table.id;
  }

  renameTable(tableId: string, name: string): void {
    if (typeof name !== 'string' || name.trim() === '') throw new SimulatorError('name must be a non-empty string');
    const table = this.findTable(tableId);
    table.name = name;
    table.revision = ++this.revision;
  }

  removeTable(tableId: string): void {
    const table = this.findTable(tableId);
    table.isDeleted = true;
    table.revision = ++this.revision;
  }

  addTerminalGroup(organizationId: string, name: string, tableNames: string[]): string {
    const first = this.terminalGroups(organizationId)[0];
    if (!first) throw new SimulatorError(`Unknown organization ${organizationId}`);
    if (typeof name !== 'string' || name.trim() === '') throw new SimulatorError('name must be a non-empty string');
    const seed = `${organizationId}/terminal-group/${name}`;
    const id = stableUuid(seed, 'terminal-group');
    if (this.groups.has(id)) throw new SimulatorError(`Terminal group ${name} exists`);
    this.revision++;
    this.groups.set(id, {
      id,
      organizationId,
      name,
      alive: true,
      asleep: false,
      sections: [
        {
          id: stableUuid(seed, 'section', DEFAULT_HALL),
          name: DEFAULT_HALL,
          tables: tableNames.map((tableName, index) => this.table(seed, index + 1, tableName, 4)),
        },
      ],
    });
    return id;
  }

  removeTerminalGroup(terminalGroupId: string): void {
    this.group(terminalGroupId);
    this.groups.delete(terminalGroupId);
    this.revision++;
  }

  // ── the API calls ──

  /** POST /api/1/terminal_groups */
  terminalGroupsAnswer(body: Record<string, unknown>, correlationId: string): IikoTerminalGroupsResponse {
    const organizationIds = uuidArray(body.organizationIds, 'organizationIds');
    const wantedKeys = Array.isArray(body.returnExternalData) ? body.returnExternalData : null;
    const describe = (group: SimulatedTerminalGroup): IikoTerminalGroup => ({
      id: group.id,
      organizationId: group.organizationId,
      name: group.name,
      address: null,
      timeZone: TIME_ZONE,
      // The simulator keeps no external data: asked for keys, it answers none of them.
      externalData: wantedKeys ? [] : null,
      posVersion: POS_VERSION,
    });
    const byOrganization = (asleep: boolean): IikoTerminalGroupsOfOrganization[] =>
      organizationIds
        .filter((organizationId) => [...this.groups.values()].some((g) => g.organizationId === organizationId))
        .map((organizationId) => ({
          organizationId,
          items: [...this.groups.values()]
            .filter((group) => group.organizationId === organizationId && group.asleep === asleep)
            .map(describe),
        }));
    return { correlationId, terminalGroups: byOrganization(false), terminalGroupsInSleep: byOrganization(true) };
  }

  /** POST /api/1/terminal_groups/is_alive */
  isAliveAnswer(body: Record<string, unknown>, correlationId: string): IikoIsAliveResponse {
    const terminalGroupIds = uuidArray(body.terminalGroupIds, 'terminalGroupIds');
    const isAliveStatus = terminalGroupIds.map((terminalGroupId) => {
      const group = this.groups.get(terminalGroupId);
      if (!group) throw badRequest(`Terminal group ${terminalGroupId} is not found`);
      return { isAlive: this.isAlive(terminalGroupId), terminalGroupId, organizationId: group.organizationId };
    });
    return { correlationId, isAliveStatus };
  }

  /** POST /api/1/reserve/available_restaurant_sections: with `revision`, only the tables changed after it. */
  sectionsAnswer(body: Record<string, unknown>, correlationId: string): IikoRestaurantSectionsResponse {
    const terminalGroupIds = uuidArray(body.terminalGroupIds, 'terminalGroupIds');
    const since = typeof body.revision === 'number' ? body.revision : null;
    const restaurantSections: IikoRestaurantSection[] = terminalGroupIds.flatMap((terminalGroupId) => {
      const group = this.groups.get(terminalGroupId);
      if (!group) throw badRequest(`Terminal group ${terminalGroupId} is not found`);
      return group.sections.map((section) => {
        const tables = section.tables.filter((table) => since === null || table.revision > since);
        return {
          id: section.id,
          terminalGroupId,
          name: section.name,
          tables: structuredClone(tables),
          schema: body.returnSchema === true ? layout(section, this.revision) : null,
        };
      });
    });
    return { correlationId, restaurantSections, revision: this.revision };
  }
}

/** A plain layout: the hall's tables in rows of three. */
function layout(section: SimulatedSection, revision: number) {
  const tableElements = section.tables
    .filter((table) => !table.isDeleted)
    .map((table, index) => ({
      tableId: table.id,
      x: 40 + (index % 3) * 160,
      y: 40 + Math.floor(index / 3) * 160,
      z: 0,
      angle: 0,
      width: 100,
      height: 100,
    }));
  return {
    width: 520,
    height: 40 + Math.ceil(tableElements.length / 3) * 160,
    markElements: [],
    tableElements,
    rectangleElements: [],
    ellipseElements: [],
    revision,
    isDeleted: false,
  };
}

/** POST /control actions over the tills. */
export function terminalControlActions(
  terminals: TerminalControl,
  body: Record<string, unknown>,
): Record<string, () => unknown> {
  const terminalGroupId = String(body.terminalGroupId ?? '');
  const tableId = String(body.tableId ?? '');
  return {
    terminalGroups: () =>
      terminals.terminalGroups(typeof body.organizationId === 'string' ? body.organizationId : undefined),
    tables: () => terminals.tables(terminalGroupId),
    setTerminalAlive: () => terminals.setAlive(terminalGroupId, body.alive !== false),
    setTerminalAsleep: () => terminals.setAsleep(terminalGroupId, body.asleep !== false),
    addTable: () => ({
      id: terminals.addTable(terminalGroupId, {
        number: Number(body.number),
        ...(typeof body.name === 'string' ? { name: body.name } : {}),
        ...(body.seatingCapacity !== undefined ? { seatingCapacity: Number(body.seatingCapacity) } : {}),
      }),
    }),
    renameTable: () => terminals.renameTable(tableId, String(body.name ?? '')),
    removeTable: () => terminals.removeTable(tableId),
    addTerminalGroup: () => ({
      id: terminals.addTerminalGroup(
        String(body.organizationId ?? ''),
        String(body.name ?? ''),
        Array.isArray(body.tableNames) ? body.tableNames.map(String) : [],
      ),
    }),
    removeTerminalGroup: () => terminals.removeTerminalGroup(terminalGroupId),
  };
}
