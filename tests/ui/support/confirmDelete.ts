import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ModelEvent } from '../../support/paths';
import { waitFor } from '../../support/ui';
import { confirmResult } from '../models/confirmDelete.model';
import type { Held } from './network';
import { shownDialog } from './shownDialog';

/**
 * Performs a confirm-delete outcome (`xstate.done.actor.confirmDelete`) on the open Ha / Yo‘q dialog: Yo‘q, or Ha
 * followed by the buttons waiting while the delete call is held (the child's `deleting`), then the call let go or
 * failed with `failStatus` ('server': let go too, when the test arranged for the real server to refuse it). The
 * caller checks the toast.
 */
export async function answerDelete(
  user: UserEvent,
  e: ModelEvent,
  held: () => Held,
  failStatus: number | 'server' = 404,
) {
  const dialog = shownDialog();
  if (confirmResult(e) === 'cancelled') {
    await user.click(within(dialog).getByRole('button', { name: 'Yo‘q' }));
    return;
  }
  await user.click(within(dialog).getByRole('button', { name: 'Ha' }));
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Ha' })).toBeDisabled());
  if (confirmResult(e) === 'deleted' || failStatus === 'server') held().release();
  else held().fail(failStatus);
}

/** The cycle itself never fails (a failed call is its `failed` outcome): no screen step makes it. */
export const neverInvoked = {
  exec: () => Promise.reject(new Error('the confirm-delete child never fails')),
};
