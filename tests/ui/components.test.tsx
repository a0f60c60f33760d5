import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYNC_ERROR_TOAST_MS, TOAST_MS } from '../../machines/shared/notify';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { ToastProvider, useNotify } from '../../src/components/Toasts';

/** Shared pieces: toasts close themselves after 2000 ms (sync errors 5000 ms); deletes ask Ha / Yo‘q. */

function Notifier({ durationMs }: { durationMs?: number }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify({ kind: 'error', text: 'Xabar', durationMs })}>
      show
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec section 9)', () => {
  it.each([
    ['an ordinary toast', undefined, TOAST_MS],
    ['a sync error toast', SYNC_ERROR_TOAST_MS, SYNC_ERROR_TOAST_MS],
  ])('%s closes itself after its time', async (_, durationMs, expected) => {
    expect(TOAST_MS).toBe(2000);
    expect(SYNC_ERROR_TOAST_MS).toBe(5000);
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Notifier durationMs={durationMs} />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByText('Xabar')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(expected - 50));
    expect(screen.getByText('Xabar')).toBeInTheDocument();
    // The delay, then Bootstrap's fade-out.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Xabar')).toBeNull();
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
