import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { OptionRow, ProductOption } from '../../client/options';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { optionChild, optionMachine } from '../../machines/options/option.machine';
import { optionDialogMachine } from '../../machines/options/optionDialogs.machine';
import {
  OPTION_CHOICES_LIMIT,
  optionFormConfig,
  rowFormConfig,
  toOptionChanges,
  toOptionInput,
} from '../../machines/options/optionForm.rules';
import { optionListMachine } from '../../machines/options/optionList.machine';
import { provideOptionsNotify } from '../../machines/options/options.provide';
import { choicesNote } from '../../machines/options/options.rules';
import { rowChild } from '../../machines/options/row.machine';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { CHOICES_LIMIT } from '../../server/schemas/options';
import { flush, rejecting, resolving } from './helpers';

const row = (id: string, optionId = 'o1', price = 1000): OptionRow =>
  ({ _id: id, product_option_id: optionId, name: `Q ${id}`, price }) as OptionRow;
const option = (id: string, rows: OptionRow[] = []): ProductOption =>
  ({ _id: id, product_id: 'p1', name: `O ${id}`, rows }) as ProductOption;

/** The list with its children's actors replaced (the same nesting React uses, with a notify spy). */
function startList(
  options: ProductOption[],
  {
    deleteRow = resolving(undefined).logic as unknown,
    deleteOption = resolving(undefined).logic as unknown,
  }: { deleteRow?: unknown; deleteOption?: unknown } = {},
) {
  const notify = vi.fn();
  const { list } = provideOptionsNotify(notify);
  const row = rowChild.provide({
    actions: { notify: (_, n) => notify(n) },
    actors: { confirmDelete: confirmDeleteWith(deleteRow as never) },
  });
  const card = optionChild.provide({
    actions: { notify: (_, n) => notify(n) },
    actors: { row, confirmDelete: confirmDeleteWith(deleteOption as never) },
  });
  const machine = list.provide({ actors: { option: card, loadOptions: resolving(options).logic as never } });
  const actor = createActor(machine, { input: { productId: 'p1' } }).start();
  const card$ = (id: string) => actor.getSnapshot().context.options.find((ref) => ref.id === `option-${id}`);
  const rowIds = (id: string) =>
    card$(id)
      ?.getSnapshot()
      .context.rows.map((ref) => ref.id) ?? [];
  return { actor, notify, card: card$, rowIds };
}

describe('option list machine: one card actor per option, one row actor per row (spec 2.10)', () => {
  it('spawns the cards and their rows; cards start collapsed and toggle', async () => {
    const { actor, card, rowIds } = startList([option('o1', [row('r1'), row('r2')]), option('o2')]);
    await flush();
    expect(actor.getSnapshot().context.options.map((ref) => ref.id)).toEqual(['option-o1', 'option-o2']);
    expect(rowIds('o1')).toEqual(['row-r1', 'row-r2']);
    expect(card('o1')!.getSnapshot().matches({ card: 'collapsed' })).toBe(true);
    card('o1')!.send({ type: 'option.toggle' });
    expect(card('o1')!.getSnapshot().matches({ card: 'expanded' })).toBe(true);
  });

  it('routes dialog answers by id: a new option opens selected, rows go to their option', async () => {
    const { actor, card, rowIds } = startList([option('o1', [row('r1')])]);
    await flush();
    actor.send({ type: 'option.saved', option: { _id: 'o2', name: 'Yangi', product_id: 'p1' } });
    expect(card('o2')!.getSnapshot().matches({ card: 'expanded' })).toBe(true);
    expect(actor.getSnapshot().context.selectedId).toBe('o2');
    actor.send({ type: 'option.saved', option: { _id: 'o1', name: 'Hajmi', product_id: 'p1' } });
    expect(card('o1')!.getSnapshot().context.option.name).toBe('Hajmi');
    actor.send({ type: 'row.saved', row: row('r9', 'o2') });
    expect(rowIds('o2')).toEqual(['row-r9']);
    actor.send({ type: 'row.saved', row: { ...row('r1'), price: 7000 } });
    const r1 = card('o1')!.getSnapshot().context.rows[0]!;
    expect(r1.getSnapshot().context.row.price).toBe(7000);
  });

  it('a row deletes itself after Ha and leaves its card; an option likewise leaves the list', async () => {
    const deleteRow = resolving(undefined);
    const deleteOption = resolving(undefined);
    const { actor, notify, card, rowIds } = startList([option('o1', [row('r1'), row('r2')])], {
      deleteRow: deleteRow.logic,
      deleteOption: deleteOption.logic,
    });
    await flush();
    actor.send({ type: 'option.select', id: 'o1' });
    const r1 = card('o1')!.getSnapshot().context.rows[0]!;
    r1.send({ type: 'row.delete' });
    r1.send({ type: 'confirm.no' });
    r1.send({ type: 'row.delete' });
    r1.send({ type: 'confirm.yes' });
    await flush();
    expect(deleteRow.probe.inputs).toEqual([{ id: 'r1' }]);
    expect(rowIds('o1')).toEqual(['row-r2']);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Qator o'chirildi" });

    card('o1')!.send({ type: 'option.delete' });
    card('o1')!.send({ type: 'confirm.yes' });
    await flush();
    expect(deleteOption.probe.inputs).toEqual([{ id: 'o1' }]);
    expect(actor.getSnapshot().context.options).toEqual([]);
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Variant o'chirildi" });
  });

  it('failures are told only for HTTP 500 (spec 8)', async () => {
    const silent = startList([option('o1', [row('r1')])], { deleteRow: rejecting(404).logic });
    await flush();
    const r1 = silent.card('o1')!.getSnapshot().context.rows[0]!;
    r1.send({ type: 'row.delete' });
    r1.send({ type: 'confirm.yes' });
    await flush();
    expect(silent.notify).not.toHaveBeenCalled();
    expect(r1.getSnapshot().matches('idle')).toBe(true);

    const loud = startList([option('o1')], { deleteOption: rejecting(500).logic });
    await flush();
    loud.card('o1')!.send({ type: 'option.delete' });
    loud.card('o1')!.send({ type: 'confirm.yes' });
    await flush();
    expect(loud.notify).toHaveBeenCalledWith({ kind: 'error', text: "O'chirishda xatolik yuz berdi." });

    const notify = vi.fn();
    const list = optionListMachine.provide({
      actors: { loadOptions: rejecting(500).logic as never },
      actions: { notify: (_, n) => notify(n) },
    });
    createActor(list, { input: { productId: 'p1' } }).start();
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: "Ma'lumotlarni olishda xatolik yuz berdi" });
  });

  it('a card without rows loads them (the /product-option-row/{id} screen)', async () => {
    const load = resolving([row('r1'), row('r2')]);
    const card = createActor(optionMachine.provide({ actors: { loadRows: load.logic as never } }), {
      input: { option: { _id: 'o1', name: '', product_id: '' }, expanded: true },
    }).start();
    await flush();
    expect(load.probe.inputs).toEqual([{ optionId: 'o1' }]);
    expect(card.getSnapshot().context.rows.map((ref) => ref.id)).toEqual(['row-r1', 'row-r2']);
  });

  it('a card loading its rows shows rows.loading; a failed load is rows.failed until rows.retry loads them', async () => {
    let calls = 0;
    const load = resolving(() => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return [row('r1')];
    });
    const notify = vi.fn();
    const card = createActor(
      optionMachine.provide({ actors: { loadRows: load.logic as never }, actions: { notify: (_, n) => notify(n) } }),
      { input: { option: { _id: 'o1', name: '', product_id: '' } } },
    ).start();
    expect(card.getSnapshot().matches({ rows: 'loading' })).toBe(true);
    await flush();
    expect(card.getSnapshot().matches({ rows: 'failed' })).toBe(true);
    // Not an HTTP 500: no toast (spec 8); the card offers a retry.
    expect(notify).not.toHaveBeenCalled();
    expect(card.getSnapshot().context.rows).toEqual([]);
    card.send({ type: 'rows.retry' });
    expect(card.getSnapshot().matches({ rows: 'loading' })).toBe(true);
    await flush();
    expect(card.getSnapshot().matches({ rows: 'ready' })).toBe(true);
    expect(load.probe.inputs).toEqual([{ optionId: 'o1' }, { optionId: 'o1' }]);
    expect(card.getSnapshot().context.rows.map((ref) => ref.id)).toEqual(['row-r1']);
  });
});

describe('option and row forms (spec 5)', () => {
  it("a row needs its option: 'Avval opsiya tanlang'; a new row starts in the selected option", () => {
    let selected: string | null = null;
    const config = rowFormConfig(() => selected);
    expect(config.empty.product_option_id).toBe('');
    expect(config.validate({ ...config.empty, name: 'Katta', price: '0' }, 'create')).toEqual({
      product_option_id: 'Avval opsiya tanlang',
    });
    selected = 'o1';
    expect(config.empty.product_option_id).toBe('o1');
    expect(config.validate({ ...config.empty, name: 'Katta', price: 'abc' }, 'create')).toEqual({
      price: "Narx 0 yoki undan katta son bo'lishi kerak",
    });
    expect(optionFormConfig.validate({ ...optionFormConfig.empty, name: ' ' }, 'create')).toEqual({
      name: "Opsiya nomi bo'sh bo'lishi mumkin emas!",
    });
  });
});

describe('the option form’s choice counts (min_choices, max_choices)', () => {
  const valid = { ...optionFormConfig.empty, name: 'Souslar' };
  const invalidCount = uzCatalog.optionChoicesInvalid(20);

  it('the limit is the server’s', () => {
    expect(OPTION_CHOICES_LIMIT).toBe(CHOICES_LIMIT);
    expect(invalidCount).toBe('1 dan 20 gacha butun son kiriting');
  });

  it('a new option starts optional with one row at most; an edit starts from the counts', () => {
    expect(optionFormConfig.empty).toMatchObject({ required: false, min_choices: '1', max_choices: '1' });
    const values = (item: Record<string, unknown>) => optionFormConfig.fromItem({ _id: 'o1', name: 'O', ...item });
    expect(values({ min_choices: 2, max_choices: 3 })).toMatchObject({
      required: true,
      min_choices: '2',
      max_choices: '3',
    });
    // Optional: the hidden 'Kamida' field holds 1, what it shows once the switch is turned on.
    expect(values({ min_choices: 0, max_choices: 4 })).toMatchObject({
      required: false,
      min_choices: '1',
      max_choices: '4',
    });
    // Read without the counts: `required` says the minimum, the maximum is 1.
    expect(values({ required: true })).toMatchObject({ required: true, min_choices: '1', max_choices: '1' });
    expect(values({})).toMatchObject({ required: false, min_choices: '1', max_choices: '1' });
  });

  it.each([
    ['0', { max_choices: invalidCount }],
    ['21', { max_choices: invalidCount }],
    ['1.5', { max_choices: invalidCount }],
    ['', { max_choices: invalidCount }],
    ['-1', { max_choices: invalidCount }],
    ['20', {}],
    [' 3 ', {}],
  ])('the maximum %j: %j', (max, errors) => {
    expect(optionFormConfig.validate({ ...valid, max_choices: max }, 'create')).toEqual(errors);
  });

  it('the minimum counts only while required: 1..20 and not above the maximum', () => {
    const validate = (values: Record<string, string | boolean>) =>
      optionFormConfig.validate({ ...valid, ...values }, 'edit');
    expect(validate({ required: false, min_choices: 'x', max_choices: '3' })).toEqual({});
    expect(validate({ required: true, min_choices: '0', max_choices: '3' })).toEqual({ min_choices: invalidCount });
    expect(validate({ required: true, min_choices: '', max_choices: '3' })).toEqual({ min_choices: invalidCount });
    expect(validate({ required: true, min_choices: '3', max_choices: '3' })).toEqual({});
    expect(validate({ required: true, min_choices: '4', max_choices: '3' })).toEqual({
      min_choices: "Kamida soni ko'pi bilan sonidan katta bo'lmasligi kerak",
    });
    // A maximum out of range is said alone (the comparison waits for it).
    expect(validate({ required: true, min_choices: '4', max_choices: '30' })).toEqual({ max_choices: invalidCount });
  });

  it('a create sends the counts: the minimum 0 while the switch is off, `required` never (the server derives it)', () => {
    expect(toOptionInput({ ...valid, required: false, min_choices: '5', max_choices: '3' }, 'p1')).toEqual({
      product_id: 'p1',
      name: 'Souslar',
      min_choices: 0,
      max_choices: 3,
    });
    expect(toOptionInput({ ...valid, required: true, min_choices: '2', max_choices: '3' }, 'p1')).toEqual({
      product_id: 'p1',
      name: 'Souslar',
      min_choices: 2,
      max_choices: 3,
    });
  });

  it('an edit sends each count whose value changed, told apart from the option edited', () => {
    const extras = { _id: 'o1', min_choices: 1, max_choices: 3 };
    expect(toOptionChanges({ name: 'Souslar' }, extras)).toEqual({ name: 'Souslar' });
    expect(toOptionChanges({ max_choices: '5' }, extras)).toEqual({ max_choices: 5 });
    expect(toOptionChanges({ min_choices: '2', max_choices: '2' }, extras)).toEqual({ min_choices: 2, max_choices: 2 });
    expect(toOptionChanges({ required: false }, extras)).toEqual({ min_choices: 0 });
    expect(toOptionChanges({ required: false, min_choices: '3' }, extras)).toEqual({ min_choices: 0 });
    const optional = { _id: 'o2', min_choices: 0, max_choices: 1 };
    expect(toOptionChanges({ required: true }, optional)).toEqual({ min_choices: 1 });
    expect(toOptionChanges({ required: true, min_choices: '2', max_choices: '4' }, optional)).toEqual({
      min_choices: 2,
      max_choices: 4,
    });
    // Back to where it started: nothing.
    expect(toOptionChanges({ min_choices: '1' }, extras)).toEqual({});
  });

  it('an edit compares the hidden "Kamida" field as no change', () => {
    const shown = optionFormConfig.shown!;
    expect(shown({ required: false, min_choices: '3', max_choices: '4' })).toEqual({
      required: false,
      max_choices: '4',
    });
    expect(shown({ required: true, min_choices: '3', max_choices: '4' })).toEqual({
      required: true,
      min_choices: '3',
      max_choices: '4',
    });
  });

  it('the card’s note: none for one row at most, else the counts with an en dash', () => {
    const note = (min_choices: number, max_choices: number) =>
      choicesNote({ _id: 'o1', name: 'O', product_id: 'p1', min_choices, max_choices });
    expect(note(0, 1)).toBeNull();
    expect(note(1, 1)).toBeNull();
    expect(note(1, 3)).toEqual({ text: '1–3 ta', title: 'Mijoz 1 tadan 3 tagacha qator tanlaydi' });
    expect(note(2, 2)).toEqual({ text: '2 ta', title: 'Mijoz 2 ta qator tanlaydi' });
    expect(note(0, 3)).toEqual({ text: '3 tagacha', title: 'Mijoz 3 tagacha qator tanlashi mumkin' });
    expect(choicesNote({ _id: 'o1', name: 'O', product_id: 'p1', required: true })).toBeNull();
  });
});

describe('the option dialog’s counts (the machine with its rules)', () => {
  function start() {
    const notify = vi.fn();
    const update = resolving({ _id: 'o1' });
    const actor = createActor(
      optionDialogMachine.provide({
        actors: { update: update.logic as never },
        actions: { notify: (_, params) => notify(params) },
      }),
      { input: { config: optionFormConfig, scope: { productId: 'p1' } } },
    ).start();
    return { actor, notify, update };
  }
  const item = { _id: 'o1', name: 'Non', product_id: 'p1', min_choices: 0, max_choices: 2 };

  it('a minimum above the maximum stays in the form with its error: no call', async () => {
    const { actor, update } = start();
    actor.send({ type: 'dialog.open', item });
    await flush();
    actor.send({ type: 'dialog.change', values: { required: true, min_choices: '3' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(actor.getSnapshot().context.errors).toEqual({ min_choices: uzCatalog.optionMinOverMax });
    expect(actor.getSnapshot().matches({ open: { flow: 'editing' } })).toBe(true);
    expect(update.probe.inputs).toEqual([]);
    actor.send({ type: 'dialog.change', values: { max_choices: '3' } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(update.probe.inputs).toHaveLength(1);
    expect(update.probe.inputs[0]).toMatchObject({
      values: { required: true, min_choices: '3', max_choices: '3' },
    });
  });

  it('the switch turned on and off again, the "Kamida" count changed between: nothing changed, no call', async () => {
    const { actor, notify, update } = start();
    actor.send({ type: 'dialog.open', item });
    await flush();
    actor.send({ type: 'dialog.change', values: { required: true } });
    actor.send({ type: 'dialog.change', values: { min_choices: '2' } });
    actor.send({ type: 'dialog.change', values: { required: false } });
    actor.send({ type: 'dialog.submit' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'info', text: uz.noChanges });
    expect(update.probe.inputs).toEqual([]);
  });
});
