import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../../../client/client';
import type { OptionRow, ProductOption } from '../../../client/options';
import { type OptionEvent, optionMachine } from '../../../machines/options/option.machine';
import { type OptionListEvent, optionListMachine } from '../../../machines/options/optionList.machine';
import { type RowEvent, rowMachine } from '../../../machines/options/row.machine';
import { type ConfirmDeleteOutput, deleteError } from '../../../machines/shared/confirmDelete.machine';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';
import { byOutcome, confirmOutcome } from './confirmDelete.model';

/**
 * Test plans of Mahsulot Parametrlari (spec 2.10): the option list, one option card (a child of the list), the card
 * alone on the rows screen, and one row (a child of its card). The samples mirror tests/ui/options.paths.test.tsx:
 * one option "Hajmi" (o1) with one row "Katta" (r1) at 8 000 so'm.
 */

export const OPTION = { _id: 'o1', name: 'Hajmi', product_id: 'p' };
export const ROW = { _id: 'r1', product_option_id: 'o1', name: 'Katta', price: 8000 } as OptionRow;
export const NEW_OPTION = { _id: 'o2', name: 'Sous', product_id: 'p' };
export const NEW_ROW = { _id: 'r2', product_option_id: 'o1', name: 'Kichik', price: 0 } as OptionRow;
export const RENAMED = 'Hajmi (litr)';
export const NEW_PRICE = 9500;

const named = (names: Record<string, string>) => (e: ModelEvent) => names[e.type] ?? e.type;
const hasOption = (s: SnapshotFrom<typeof optionListMachine>, id: string) =>
  s.context.options.some((ref) => ref.id === `option-${id}`);

export const optionListModel: PathModel<typeof optionListMachine> = {
  name: 'optionList',
  machine: optionListMachine,
  input: { productId: 'p' },
  events: [
    { type: 'xstate.done.actor.loadOptions', output: [{ ...OPTION, rows: [ROW] } as ProductOption] },
    { type: 'xstate.error.actor.loadOptions', error: new ApiError(500, '500') },
    { type: 'xstate.error.actor.loadOptions', error: new ApiError(404, '404') },
    { type: 'options.retry' },
    { type: 'option.select', id: 'o1' },
    { type: 'option.saved', option: NEW_OPTION },
    { type: 'option.saved', option: { ...OPTION, name: RENAMED } },
    { type: 'row.saved', row: NEW_ROW },
    { type: 'option.removed', id: 'o1' },
  ] satisfies Array<ModelEvent & { type: OptionListEvent['type'] | ActorEventType<'loadOptions'> }>,
  filterEvents: (s, e) => {
    if (e.type === 'option.saved') {
      const saved = e.option as typeof OPTION;
      return saved._id === 'o2' ? !hasOption(s, 'o2') : hasOption(s, 'o1');
    }
    if (['option.select', 'row.saved', 'option.removed'].includes(e.type)) return hasOption(s, 'o1');
    return true;
  },
  describeEvent: (e) => {
    if (e.type === 'xstate.error.actor.loadOptions') {
      return `the options fail to load (${(e.error as ApiError).status})`;
    }
    if (e.type === 'option.saved')
      return (e.option as typeof OPTION)._id === 'o2' ? "add option 'Sous'" : 'rename Hajmi';
    return named({
      'xstate.done.actor.loadOptions': 'the options load',
      'options.retry': 'retry',
      'option.select': "open 'Qator qo'shish' of Hajmi (and close it)",
      'row.saved': 'add a row to Hajmi',
      'option.removed': 'delete Hajmi (after Ha)',
    })(e);
  },
};

const optionHasRow = (s: SnapshotFrom<typeof optionMachine>, id: string) =>
  s.context.rows.some((ref) => ref.id === `row-${id}`);

export const optionCardModel: PathModel<typeof optionMachine> = {
  name: 'option (card)',
  machine: optionMachine,
  input: { option: OPTION, rows: [ROW], expanded: false },
  events: [
    { type: 'option.toggle' },
    { type: 'option.delete' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    // How the confirm-delete child ended: Ha and the call went through, Ha and the call failed (500), or Yo‘q.
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: new ApiError(500, '500') } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
    { type: 'option.update', option: { ...OPTION, name: RENAMED } },
    { type: 'row.saved', row: NEW_ROW },
    { type: 'row.saved', row: { ...ROW, price: NEW_PRICE } },
    { type: 'row.removed', id: 'r1' },
    { type: 'rows.retry' },
    { type: 'xstate.done.actor.loadRows', output: [] },
    { type: 'xstate.error.actor.loadRows', error: new ApiError(500, '500') },
  ] satisfies Array<ModelEvent & { type: OptionEvent['type'] | ActorEventType<'confirmDelete' | 'loadRows'> }>,
  serializeState: byOutcome,
  filterEvents: (s, e) => {
    // A deleted card is gone from the screen.
    if (s.matches({ removal: 'removed' })) return false;
    // Ha / Yo‘q go to the confirm-delete child; its outcome (done.actor.confirmDelete) is the step that presses them.
    if (e.type === 'confirm.yes' || e.type === 'confirm.no') return false;
    // Rows are added and deleted with the card open and no confirm of the card in the way (modals).
    const expanded = s.matches({ card: 'expanded' }) && s.matches({ removal: 'idle' });
    if (e.type === 'row.saved') {
      const row = e.row as OptionRow;
      return expanded && (row._id === 'r2' ? !optionHasRow(s, 'r2') : optionHasRow(s, 'r1'));
    }
    if (e.type === 'row.removed') return expanded && optionHasRow(s, 'r1');
    // A confirm is modal: the card is used again once it is answered.
    if (['option.toggle', 'option.update'].includes(e.type)) return s.matches({ removal: 'idle' });
    return true;
  },
  describeEvent: (e) => {
    if (e.type === 'row.saved') return (e.row as OptionRow)._id === 'r2' ? "add row 'Kichik'" : "change Katta's price";
    if (e.type === 'xstate.done.actor.confirmDelete') {
      return confirmOutcome(e, { failed: "answer 'Ha'; the delete fails with HTTP 500" });
    }
    return named({
      'option.toggle': 'open / close the card',
      'option.delete': "press O'chirish on the card",
      'confirm.yes': "answer 'Ha'",
      'confirm.no': "answer 'Yo‘q'",
      'option.update': 'rename the option',
      'row.removed': 'delete row Katta (after Ha)',
    })(e);
  },
};

/**
 * The card's machine on the one-option rows screen (/product-option-row/{id}): given no rows, it loads them, so its
 * rows.loading and rows.failed are walked here. That screen shows the rows alone: the card's own buttons (open /
 * close, rename, delete) are not on it, and its rows are walked in the card above.
 */
export const optionRowsScreenModel: PathModel<typeof optionMachine> = {
  name: 'option (rows screen)',
  machine: optionMachine,
  input: { option: { _id: 'o1', name: '', product_id: '' }, expanded: true },
  events: [
    { type: 'xstate.done.actor.loadRows', output: [ROW] },
    // Spec 8: only HTTP 500 is told in a toast; the screen shows the failure either way.
    { type: 'xstate.error.actor.loadRows', error: new ApiError(500, '500') },
    { type: 'xstate.error.actor.loadRows', error: new ApiError(404, '404') },
    { type: 'rows.retry' },
  ] satisfies Array<ModelEvent & { type: OptionEvent['type'] | ActorEventType<'loadRows'> }>,
  serializeState: (snapshot, event, previous) =>
    byTransition(
      snapshot,
      event?.type === 'xstate.error.actor.loadRows'
        ? { type: `${event.type}:${((event as ModelEvent).error as ApiError).status}` }
        : event,
      previous,
    ),
  describeEvent: (e) =>
    e.type === 'xstate.error.actor.loadRows'
      ? `the rows fail to load (${(e.error as ApiError).status})`
      : named({ 'xstate.done.actor.loadRows': 'the rows load', 'rows.retry': 'retry' })(e),
};

/** A row's failed delete is told only for HTTP 500 (spec 8): a failed outcome is one step per status. */
const rowOutcome = (e: ModelEvent) => {
  const output = e.output as ConfirmDeleteOutput;
  return output.result === 'failed' ? `failed ${(output.error as ApiError).status}` : output.result;
};

export const rowModel: PathModel<typeof rowMachine> = {
  name: 'row (option row)',
  machine: rowMachine,
  input: { row: ROW },
  events: [
    { type: 'row.delete' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    // How the confirm-delete child ended: Ha and the call went through, Ha and the call failed (500, 404), or Yo‘q.
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: new ApiError(500, '500') } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: new ApiError(404, '404') } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
    { type: 'row.update', row: { ...ROW, price: NEW_PRICE } },
  ] satisfies Array<ModelEvent & { type: RowEvent['type'] | ActorEventType<'confirmDelete'> }>,
  serializeState: (snapshot, event, previous) =>
    byTransition(
      snapshot,
      event?.type === 'xstate.done.actor.confirmDelete'
        ? { type: `${event.type}:${rowOutcome(event as ModelEvent)}` }
        : event,
      previous,
    ),
  // Ha / Yo‘q go to the confirm-delete child; its outcome (done.actor.confirmDelete) is the step that presses them.
  filterEvents: (_s, e) => e.type !== 'confirm.yes' && e.type !== 'confirm.no',
  describeEvent: (e) => {
    if (e.type === 'xstate.done.actor.confirmDelete') {
      const error = deleteError(e.output as ConfirmDeleteOutput);
      return confirmOutcome(e, {
        failed: `answer 'Ha'; the delete fails (${(error as ApiError | undefined)?.status})`,
      });
    }
    return named({
      'row.delete': "press O'chirish on the row",
      'confirm.yes': "answer 'Ha'",
      'confirm.no': "answer 'Yo‘q'",
      'row.update': 'change its price in the row modal',
    })(e);
  },
};
