import { screen, waitFor } from '../../support/ui';

/**
 * The one dialog on show. A closed Bootstrap modal stays in the page while it fades out (it has lost its `show`
 * class), and on a busy machine the next dialog opens before it is gone: `getByRole('dialog')` then finds two.
 */
export function shownDialog(): HTMLElement {
  const shown = screen.getAllByRole('dialog').filter((d) => d.classList.contains('show'));
  if (shown.length !== 1) throw new Error(`expected one dialog on show, found ${shown.length}`);
  return shown[0]!;
}

/**
 * The one dialog on show, waited for: a dialog whose view is its own chunk (the restaurant form) appears only once
 * that chunk is loaded, which on a busy machine is after the click that opened it has returned.
 */
export function findShownDialog(): Promise<HTMLElement> {
  return waitFor(shownDialog);
}
