import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { selectErrors, selectFailure, selectLoadFailed, selectValues } from '../../machines/dialog/dialog.selectors';
import type { DialogConfig } from '../../machines/dialog/dialog.types';
import { updateRestaurantMachine } from '../../machines/manager/updateRestaurant.machine';
import { updateRestaurantConfig } from '../../machines/manager/updateRestaurant.rules';
import { restaurantDialogMachine } from '../../machines/restaurants/restaurantDialog.machine';
import { restaurantFormConfig } from '../../machines/restaurants/restaurantForm.rules';
import { terminalGroupOptions } from '../../machines/restaurants/terminalGroups.rules';
import { selectTerminalGroups } from '../../machines/restaurants/terminalGroups.selectors';
import { flush } from './helpers';

/**
 * Both restaurant edit dialogs (the manager's Update Restaurant modal and the admin's form) on an integration
 * restaurant: the POS terminal group select, its load, its save and the server's refusal, with the API client
 * replaced (the real loadOptions and update actors run).
 */
const api = vi.hoisted(() => ({
  listTerminalGroups: vi.fn(),
  updateRestaurant: vi.fn(),
  listManagers: vi.fn(),
}));
vi.mock('../../client/restaurants', () => ({
  listTerminalGroups: api.listTerminalGroups,
  updateRestaurant: api.updateRestaurant,
  createRestaurant: vi.fn(),
}));
vi.mock('../../client/managers', () => ({ listManagers: api.listManagers }));

const HALL = { id: '6c1b9a2e-3f4d-4e5a-8b7c-0d1e2f3a4b5c', name: 'Asosiy zal' };
const TERRACE = { id: '7d2c0b3f-4a5e-4f6b-9c8d-1e2f3a4b5c6d', name: 'Terrasa' };

const posRestaurant = {
  _id: 'r-pos',
  name: 'Kassa Restorani',
  slug: 'kassa-restorani',
  address: '',
  phone_number: '',
  work_time: '',
  manager_id: 'm1',
  is_active: true,
  type: 'integration',
  pos_terminal_group_id: null,
};
const manualRestaurant = {
  ...posRestaurant,
  _id: 'r-manual',
  slug: 'qolda',
  address: 'Toshkent',
  phone_number: '+998 71 200 10 10',
  work_time: '09:00 - 23:00',
  type: 'manual',
};

const DIALOGS = [
  { name: "the manager's Update Restaurant modal", machine: updateRestaurantMachine, config: updateRestaurantConfig },
  { name: "the admin's restaurant form", machine: restaurantDialogMachine, config: restaurantFormConfig },
] as const;

function open(machine: (typeof DIALOGS)[number]['machine'], config: DialogConfig, item: Record<string, unknown>) {
  const notify = vi.fn();
  const actor = createActor(machine.provide({ actions: { notify: (_, params) => notify(params) } }), {
    input: { config },
  }).start();
  actor.send({ type: 'dialog.open', item: item as never });
  return { actor, notify };
}

beforeEach(() => {
  vi.clearAllMocks();
  api.listManagers.mockResolvedValue([{ _id: 'm1', login: 'menedjer' }]);
  api.listTerminalGroups.mockResolvedValue([HALL, TERRACE]);
  api.updateRestaurant.mockImplementation(async (_slug: string, changes: object) => ({ ...posRestaurant, ...changes }));
});

describe.each(DIALOGS)('$name: the POS terminal group of an integration restaurant', ({ machine, config }) => {
  it("lists the POS's groups after the first group (null shows as the first option) and opens on the saved one", async () => {
    const { actor } = open(machine, config, { ...posRestaurant, pos_terminal_group_id: TERRACE.id });
    await flush();
    expect(api.listTerminalGroups).toHaveBeenCalledWith(
      'r-pos',
      expect.objectContaining({ signal: expect.anything() }),
    );
    const groups = selectTerminalGroups(actor.getSnapshot());
    expect(terminalGroupOptions(groups)).toEqual([
      { value: HALL.id, label: 'Asosiy zal' },
      { value: TERRACE.id, label: 'Terrasa' },
    ]);
    expect(selectValues(actor.getSnapshot()).pos_terminal_group_id).toBe(TERRACE.id);

    const fresh = open(machine, config, posRestaurant);
    await flush();
    // null: the form's first option, "Birinchi guruh (standart)".
    expect(selectValues(fresh.actor.getSnapshot()).pos_terminal_group_id).toBe('');
  });

  it('sends the chosen group, and null when the first option is chosen again', async () => {
    const { actor, notify } = open(machine, config, posRestaurant);
    await flush();
    actor.send({ type: 'dialog.change', values: { pos_terminal_group_id: TERRACE.id } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(api.updateRestaurant).toHaveBeenLastCalledWith(
      'kassa-restorani',
      { pos_terminal_group_id: TERRACE.id },
      expect.anything(),
    );
    expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'success' }));

    const back = open(machine, config, { ...posRestaurant, pos_terminal_group_id: TERRACE.id });
    await flush();
    back.actor.send({ type: 'dialog.change', values: { pos_terminal_group_id: '' } });
    back.actor.send({ type: 'dialog.submit' });
    await flush();
    expect(api.updateRestaurant).toHaveBeenLastCalledWith(
      'kassa-restorani',
      { pos_terminal_group_id: null },
      expect.anything(),
    );
  });

  it('a POS that cannot list its groups leaves the field off, and the rest of the form still saves', async () => {
    api.listTerminalGroups.mockRejectedValue(
      new ApiError(502, "Kassa guruhlarini POS'dan olib bo'lmadi. Birozdan so'ng qayta urinib ko'ring."),
    );
    const { actor } = open(machine, config, posRestaurant);
    await flush();
    expect(selectLoadFailed(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ open: { flow: 'editing' } })).toBe(true);
    expect(selectTerminalGroups(actor.getSnapshot())).toEqual({ failed: true });
    expect(uz.terminalGroupsFailed).toBe("Kassa guruhlarini yuklab bo'lmadi: guruhni keyinroq tanlang.");

    actor.send({ type: 'dialog.change', values: { name: 'Yangi nom' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(api.updateRestaurant).toHaveBeenCalledWith('kassa-restorani', { name: 'Yangi nom' }, expect.anything());
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it("says the server's refusal of a group under the select, not as a toast; choosing again clears it", async () => {
    const refusal = `"${TERRACE.id}" kassa guruhi POS'da topilmadi.`;
    api.updateRestaurant.mockRejectedValue(new ApiError(400, refusal));
    const { actor, notify } = open(machine, config, posRestaurant);
    await flush();
    actor.send({ type: 'dialog.change', values: { pos_terminal_group_id: TERRACE.id } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(selectErrors(actor.getSnapshot()).pos_terminal_group_id).toBe(refusal);
    expect(selectFailure(actor.getSnapshot())).toBeNull();
    expect(notify).not.toHaveBeenCalledWith(expect.objectContaining({ kind: 'error' }));

    actor.send({ type: 'dialog.change', values: { pos_terminal_group_id: HALL.id } });
    expect(selectErrors(actor.getSnapshot()).pos_terminal_group_id).toBeUndefined();
  });

  it('another refusal stays the form alert, with the fields named in Uzbek', async () => {
    api.updateRestaurant.mockRejectedValue(new ApiError(400, `"name" maydoni noto'g'ri: bo'sh bo'lmasin`));
    const { actor } = open(machine, config, posRestaurant);
    await flush();
    actor.send({ type: 'dialog.change', values: { name: 'X' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(selectFailure(actor.getSnapshot())).toBe(`"${uz.fieldName}" maydoni noto'g'ri: bo'sh bo'lmasin`);
    expect(selectErrors(actor.getSnapshot()).pos_terminal_group_id).toBeUndefined();
  });

  it('a manual restaurant asks the POS nothing and has no group field', async () => {
    const { actor } = open(machine, config, manualRestaurant);
    await flush();
    expect(api.listTerminalGroups).not.toHaveBeenCalled();
    expect(selectTerminalGroups(actor.getSnapshot())).toBeNull();
    expect(selectValues(actor.getSnapshot())).not.toHaveProperty('pos_terminal_group_id');
  });
});
