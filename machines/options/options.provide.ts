import type { Notice } from '../shared/notify';
import { optionMachine } from './option.machine';
import { optionListMachine } from './optionList.machine';
import { rowMachine } from './row.machine';

/**
 * The options machines with React's toasts at every level: the list, each option card and each row it spawns
 * (a spawned child runs the implementation its parent was given, so the row's is given to the card's, and the
 * card's to the list's).
 */
export function provideOptionsNotify(notify: (notice: Notice) => void) {
  const actions = { notify: (_: unknown, notice: Notice) => notify(notice) };
  const row = rowMachine.provide({ actions });
  const option = optionMachine.provide({ actions, actors: { row } });
  const list = optionListMachine.provide({ actions, actors: { option } });
  return { list, option };
}
