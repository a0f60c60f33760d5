import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { OptionRow, ProductOption } from '../../client/options';
import { optionMachine } from '../../machines/options/option.machine';
import { optionListMachine } from '../../machines/options/optionList.machine';
import * as select from '../../machines/options/options.selectors';
import { rowMachine } from '../../machines/options/row.machine';
import { flush, pending, rejecting, resolving } from './helpers';

/** What the options screen shows (spec 2.10): the list of option cards, each card, each row. */

const row = (id: string): OptionRow =>
  ({ _id: id, product_option_id: 'o1', name: `Q ${id}`, price: 1000 }) as OptionRow;
const option = (id: string, rows: OptionRow[] = []): ProductOption =>
  ({ _id: id, product_id: 'p1', name: `O ${id}`, rows }) as ProductOption;

function startList(load: unknown) {
  return createActor(optionListMachine.provide({ actors: { loadOptions: load } as never }), {
    input: { productId: 'p1' },
  }).start();
}
type ListSnapshot = ReturnType<ReturnType<typeof startList>['getSnapshot']>;
const listView = (s: ListSnapshot) => ({
  loading: select.selectIsLoading(s),
  failed: select.selectLoadFailed(s),
  cards: select.selectOptionRefs(s).map((ref) => ref.id),
  empty: select.selectIsEmpty(s),
  selected: select.selectSelectedId(s),
});

describe('option list selectors', () => {
  const idle = { loading: false, failed: false, cards: [], empty: false, selected: null };

  it('loading, then failed', async () => {
    expect(listView(startList(pending().logic).getSnapshot())).toEqual({ ...idle, loading: true });
    const failed = startList(rejecting(500).logic);
    await flush();
    expect(listView(failed.getSnapshot())).toEqual({ ...idle, failed: true });
  });

  it('no option: the empty text; some: one card each, the chosen one selected', async () => {
    const none = startList(resolving([]).logic);
    await flush();
    expect(listView(none.getSnapshot())).toEqual({ ...idle, empty: true });
    const two = startList(resolving([option('o1'), option('o2')]).logic);
    await flush();
    two.send({ type: 'option.select', id: 'o2' });
    expect(listView(two.getSnapshot())).toEqual({ ...idle, cards: ['option-o1', 'option-o2'], selected: 'o2' });
  });
});

function startCard(rows: OptionRow[] | undefined, loadRows: unknown = pending().logic) {
  const machine = optionMachine.provide({ actors: { loadRows } as never });
  return createActor(machine, { input: { option: option('o1'), rows } }).start();
}
type CardSnapshot = ReturnType<ReturnType<typeof startCard>['getSnapshot']>;
const cardView = (s: CardSnapshot) => ({
  option: select.selectOption(s)._id,
  expanded: select.selectIsExpanded(s),
  rows: select.selectRowRefs(s).map((ref) => ref.id),
  rowsLoading: select.selectRowsLoading(s),
  rowsFailed: select.selectRowsFailed(s),
  rowsEmpty: select.selectRowsEmpty(s),
  confirming: select.selectOptionConfirming(s),
  deleting: select.selectOptionConfirmDelete(s) !== undefined,
});

describe('option card selectors', () => {
  const idle = {
    option: 'o1',
    expanded: false,
    rows: [],
    rowsLoading: false,
    rowsFailed: false,
    rowsEmpty: false,
    confirming: false,
    deleting: false,
  };

  it('rows given: one row actor each; opened, it is expanded', () => {
    const actor = startCard([row('r1'), row('r2')]);
    expect(cardView(actor.getSnapshot())).toEqual({ ...idle, rows: ['row-r1', 'row-r2'] });
    actor.send({ type: 'option.toggle' });
    expect(select.selectIsExpanded(actor.getSnapshot())).toBe(true);
  });

  it('no rows: the empty text; rows not given: loading, then failed', async () => {
    expect(cardView(startCard([]).getSnapshot())).toEqual({ ...idle, rowsEmpty: true });
    expect(cardView(startCard(undefined).getSnapshot())).toEqual({ ...idle, rowsLoading: true });
    const failed = startCard(undefined, rejecting(500).logic);
    await flush();
    expect(cardView(failed.getSnapshot())).toEqual({ ...idle, rowsFailed: true });
  });

  it('the delete question and its running cycle', () => {
    const actor = startCard([]);
    actor.send({ type: 'option.delete' });
    expect(cardView(actor.getSnapshot())).toEqual({ ...idle, rowsEmpty: true, confirming: true, deleting: true });
  });
});

describe('option row selectors', () => {
  it('a row can be deleted; asked, it waits on its cycle; Yo‘q brings it back', async () => {
    const actor = createActor(rowMachine, { input: { row: row('r1') } }).start();
    const view = () => ({
      row: select.selectRow(actor.getSnapshot())._id,
      confirming: select.selectRowConfirming(actor.getSnapshot()),
      deleting: select.selectRowConfirmDelete(actor.getSnapshot()) !== undefined,
      canDelete: select.selectRowCanDelete(actor.getSnapshot()),
    });
    expect(view()).toEqual({ row: 'r1', confirming: false, deleting: false, canDelete: true });
    actor.send({ type: 'row.delete' });
    expect(view()).toEqual({ row: 'r1', confirming: true, deleting: true, canDelete: false });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(view()).toEqual({ row: 'r1', confirming: false, deleting: false, canDelete: true });
  });
});
