import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dialogMachine } from '../../machines/dialog/dialog.machine';
import * as select from '../../machines/dialog/dialog.selectors';
import type { DialogConfig, FieldErrors } from '../../machines/dialog/dialog.types';
import { flush, pending, rejecting, resolving } from './helpers';

/** What a create/edit dialog shows, read through its selectors: open, mode, loading, saving, the failure, the form. */

const config: DialogConfig = {
  empty: { name: '' },
  fromItem: (item) => ({ name: String(item.name ?? '') }),
  validate: (values): FieldErrors => (values.name === '' ? { name: 'Nom kerak' } : {}),
  messages: { created: 'Yaratildi', updated: 'Tahrirlandi', createFailed: 'Xato', updateFailed: 'Xato' },
};

function start(actors: Record<string, unknown>) {
  return createActor(dialogMachine.provide({ actors: actors as never }), { input: { config } }).start();
}
type Snapshot = ReturnType<ReturnType<typeof start>['getSnapshot']>;
const view = (s: Snapshot) => ({
  open: select.selectIsOpen(s),
  mode: select.selectMode(s),
  loading: select.selectIsLoading(s),
  loadFailed: select.selectLoadFailed(s),
  saving: select.selectIsSaving(s),
  failure: select.selectFailure(s),
  values: select.selectValues(s),
  errors: select.selectErrors(s),
  item: select.selectItem(s)?._id ?? null,
  options: select.selectOptions(s),
});

const closed = {
  open: false,
  mode: 'create',
  loading: false,
  loadFailed: false,
  saving: false,
  failure: null,
  values: { name: '' },
  errors: {},
  item: null,
  options: null,
};

describe('dialog selectors (spec 4, 5)', () => {
  it('closed: nothing open, create mode by default', () => {
    expect(view(start({}).getSnapshot())).toEqual(closed);
  });

  it('opened without an item: create mode, loading its selects, then their options', async () => {
    const loading = start({ loadOptions: pending().logic });
    loading.send({ type: 'dialog.open' });
    expect(view(loading.getSnapshot())).toEqual({ ...closed, open: true, loading: true });
    const loaded = start({ loadOptions: resolving({ choices: ['a'] }).logic });
    loaded.send({ type: 'dialog.open' });
    await flush();
    expect(view(loaded.getSnapshot())).toEqual({ ...closed, open: true, options: { choices: ['a'] } });
  });

  it('a failed load of the selects: loadFailed', async () => {
    const actor = start({ loadOptions: rejecting(500).logic });
    actor.send({ type: 'dialog.open' });
    await flush();
    expect(view(actor.getSnapshot())).toEqual({ ...closed, open: true, loadFailed: true });
  });

  it('opened with an item: edit mode, its values; an invalid submit shows the errors', async () => {
    const actor = start({});
    actor.send({ type: 'dialog.open', item: { _id: 'x1', name: 'Osh' } as never });
    await flush();
    expect(view(actor.getSnapshot())).toEqual({
      ...closed,
      open: true,
      mode: 'edit',
      item: 'x1',
      values: { name: 'Osh' },
    });
    actor.send({ type: 'dialog.change', values: { name: '' } });
    actor.send({ type: 'dialog.submit' });
    expect(view(actor.getSnapshot())).toMatchObject({ values: { name: '' }, errors: { name: 'Nom kerak' } });
  });

  it('saving, then a failed save with the server’s reason', async () => {
    const saving = start({ create: pending().logic });
    saving.send({ type: 'dialog.open' });
    await flush();
    saving.send({ type: 'dialog.change', values: { name: 'Manti' } });
    saving.send({ type: 'dialog.submit' });
    expect(view(saving.getSnapshot())).toEqual({ ...closed, open: true, saving: true, values: { name: 'Manti' } });

    const failed = start({ create: rejecting(409, 'Bu nom band').logic });
    failed.send({ type: 'dialog.open' });
    await flush();
    failed.send({ type: 'dialog.change', values: { name: 'Manti' } });
    failed.send({ type: 'dialog.submit' });
    await flush();
    expect(view(failed.getSnapshot())).toEqual({
      ...closed,
      open: true,
      failure: 'Bu nom band',
      values: { name: 'Manti' },
    });
    // Correcting the form hides the reason: it was about the values sent.
    failed.send({ type: 'dialog.change', values: { name: 'Manti 2' } });
    expect(select.selectFailure(failed.getSnapshot())).toBeNull();
  });
});
