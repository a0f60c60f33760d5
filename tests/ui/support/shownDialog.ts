import { screen } from '../../support/ui';

/**
 * The one dialog on show. A closed Bootstrap modal stays in the page while it fades out (it has lost its `show`
 * class), and on a busy machine the next dialog opens before it is gone: `getByRole('dialog')` then finds two.
 */
export function shownDialog(): HTMLElement {
  const shown = screen.getAllByRole('dialog').filter((d) => d.classList.contains('show'));
  if (shown.length !== 1) throw new Error(`expected one dialog on show, found ${shown.length}`);
  return shown[0]!;
}
