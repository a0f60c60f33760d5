import { act, render, screen } from '@testing-library/react';
import { Modal } from 'react-bootstrap';
import { afterEach, expect, it, vi } from 'vitest';
import { shownDialog } from './support/shownDialog';

/** The journeys' dialog finder holds while a closed dialog is still fading out beside the next one. */

afterEach(() => {
  vi.useRealTimers();
});

function Dialogs({ open }: { open: 'first' | 'second' }) {
  return (
    <>
      <Modal show={open === 'first'} aria-label="Birinchi">
        <Modal.Body>Birinchi</Modal.Body>
      </Modal>
      <Modal show={open === 'second'} aria-label="Ikkinchi">
        <Modal.Body>Ikkinchi</Modal.Body>
      </Modal>
    </>
  );
}

it('finds the dialog on show, not the one fading out', () => {
  vi.useFakeTimers();
  const { rerender } = render(<Dialogs open="first" />);
  act(() => vi.advanceTimersByTime(1000));
  expect(shownDialog()).toHaveTextContent('Birinchi');
  // The fade-out's timer is held: the first dialog is still in the page when the second opens.
  act(() => rerender(<Dialogs open="second" />));
  expect(screen.getAllByRole('dialog')).toHaveLength(2);
  expect(shownDialog()).toHaveTextContent('Ikkinchi');
  act(() => vi.advanceTimersByTime(1000));
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(shownDialog()).toHaveTextContent('Ikkinchi');
});
