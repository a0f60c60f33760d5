import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadToastStack, ToastProvider, useNotify } from '../../src/components/Toasts';

/**
 * The toast stack's code is its own chunk, downloaded after login. When it cannot be downloaded (the phone went
 * offline before the prefetch), a notice still shows, as plain text with its role, instead of nothing.
 */
vi.mock('../../src/components/ToastStack', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

function Notifier() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify({ kind: 'error', text: "Tarmoq xatosi: qayta urinib ko'ring" })}>
      show
    </button>
  );
}

describe('toasts without their code', () => {
  it('an error still shows as an alert', async () => {
    render(
      <ToastProvider>
        <Notifier />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    await act(async () => {
      await loadToastStack();
    });
    expect(screen.getByRole('alert')).toHaveTextContent("Tarmoq xatosi: qayta urinib ko'ring");
  });
});
