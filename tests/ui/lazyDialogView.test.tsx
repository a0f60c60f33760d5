import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import type { LoadOptionsInput, SaveInput } from '../../machines/dialog/dialog.actors';
import { dialogWith } from '../../machines/dialog/dialog.machine';
import { lazyDialogView } from '../../src/components/dialog/lazyDialogView';
import { type DialogActor, useDialogActor } from '../../src/components/dialog/useDialogActor';
import { ToastProvider } from '../../src/components/Toasts';

/**
 * A dialog whose view is its own chunk (src/components/dialog/lazyDialogView.tsx): nothing is fetched before its
 * machine is first opened, the view shows once fetched, and a view that cannot be fetched says so in Uzbek and
 * closing that message closes the machine.
 */

const machine = dialogWith({
  loadOptions: fromPromise<unknown, LoadOptionsInput>(async () => ({})),
  create: fromPromise<unknown, SaveInput>(async () => ({})),
});
const config = {
  empty: { name: '' },
  fromItem: () => ({ name: '' }),
  validate: () => ({}),
  messages: { created: 'ok', updated: 'ok', createFailed: 'no', updateFailed: 'no' },
};

function TheForm({ actor }: { actor: DialogActor }) {
  return <p data-testid="the-form">{String(actor.getSnapshot().matches('open'))}</p>;
}

function Screen({ View }: { View: ComponentType<{ actor: DialogActor }> }) {
  const dialog = useDialogActor(machine, config);
  const state = useSelector(dialog, (s) => JSON.stringify(s.value));
  return (
    <>
      <button type="button" onClick={() => dialog.send({ type: 'dialog.open' })}>
        ochish
      </button>
      <output data-testid="state">{state}</output>
      <View actor={dialog} />
    </>
  );
}

const shown = (View: ComponentType<{ actor: DialogActor }>) =>
  render(
    <ToastProvider>
      <Screen View={View} />
    </ToastProvider>,
  );

describe('a dialog view fetched when first opened', () => {
  it('is not fetched with the screen, and shows once the machine is opened', async () => {
    const load = vi.fn(async () => TheForm);
    shown(lazyDialogView(load));
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByTestId('the-form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ochish' }));
    // The view shows the machine it was given, opened.
    expect((await screen.findByTestId('the-form')).textContent).toBe('true');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says in Uzbek when its code cannot be fetched; "Yopish" closes the dialog and the screen goes on', async () => {
    const load = vi.fn(async (): Promise<typeof TheForm> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    shown(lazyDialogView(load));
    fireEvent.click(screen.getByRole('button', { name: 'ochish' }));
    expect((await screen.findByRole('alert')).textContent).toBe(uzCatalog.formLoadFailed);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(
      expect.arrayContaining([uz.close, uz.retry]),
    );
    fireEvent.click(screen.getByRole('button', { name: uz.close }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByTestId('state').textContent).toBe('"closed"');
    quiet.mockRestore();
  });
});
