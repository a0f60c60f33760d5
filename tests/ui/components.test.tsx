import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Notice, SYNC_ERROR_TOAST_MS, TOAST_MS } from '../../machines/shared/notify';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { ERROR_TOAST_MS, loadToastStack, ToastProvider, useNotify } from '../../src/components/Toasts';

/**
 * Shared pieces: a success toast closes itself after 2000 ms (spec section 9); an error stays at least 6 s (a
 * refusal must be readable), the sync error too; every toast closes at once with its ×. Deletes ask Ha / Yo‘q.
 */

function Notifier({ notice }: { notice: Notice }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify(notice)}>
      show
    </button>
  );
}

/** The first notice mounts the stack, whose code is its own chunk: shown once that has loaded. */
async function showToast(notice: Notice) {
  render(
    <ToastProvider>
      <Notifier notice={notice} />
    </ToastProvider>,
  );
  act(() => screen.getByRole('button', { name: 'show' }).click());
  await act(async () => {
    await loadToastStack();
  });
  expect(screen.getByText(notice.text)).toBeInTheDocument();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it("a success closes itself after the spec's 2000 ms", async () => {
    expect(TOAST_MS).toBe(2000);
    vi.useFakeTimers();
    await showToast({ kind: 'success', text: 'Saqlandi' });
    act(() => vi.advanceTimersByTime(TOAST_MS - 50));
    expect(screen.getByText('Saqlandi')).toBeInTheDocument();
    // The delay, then Bootstrap's fade-out.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Saqlandi')).toBeNull();
  });

  it.each([
    ['an error', undefined],
    ['the sync error (5000 ms in the spec)', SYNC_ERROR_TOAST_MS],
  ])('%s stays at least 6 s, then closes itself', async (_, durationMs) => {
    vi.useFakeTimers();
    const text = "Menedjerga restoran biriktirilgan: avval restoranni boshqa menedjerga o'tkazing.";
    await showToast({ kind: 'error', text, durationMs });
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(ERROR_TOAST_MS - 6000 - 50));
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText(text)).toBeNull();
  });

  it('an error closes at once with its ×', async () => {
    vi.useFakeTimers();
    await showToast({ kind: 'error', text: 'Xato' });
    act(() => screen.getByRole('button', { name: 'Xabarni yopish' }).click());
    expect(screen.queryByText('Xato')).toBeNull();
  });
});

describe('confirm dialog', () => {
  it("asks with 'Ha' and 'Yo‘q' by default and waits while busy", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(
      <ConfirmDialog show title="O'chirishni tasdiqlang" onConfirm={onConfirm} onCancel={onCancel}>
        Rostdanmi?
      </ConfirmDialog>,
    );
    act(() => screen.getByRole('button', { name: 'Ha' }).click());
    act(() => screen.getByRole('button', { name: 'Yo‘q' }).click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(
      <ConfirmDialog show busy title="O'chirishni tasdiqlang" onConfirm={onConfirm} onCancel={onCancel}>
        Rostdanmi?
      </ConfirmDialog>,
    );
    expect(screen.getByRole('button', { name: 'Ha' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Yo‘q' })).toBeDisabled();
  });
});
