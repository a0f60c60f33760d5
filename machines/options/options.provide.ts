import type { Role } from '../../client/types';
import { adminRestaurantLanguagesActor } from '../shared/languages.actors';
import type { Notice } from '../shared/notify';
import { optionChild, optionMachine } from './option.machine';
import { optionListMachine } from './optionList.machine';
import { rowChild } from './row.machine';

/**
 * The options machines with React's toasts at every level: the list, each option card and each row it spawns (a spawned
 * child runs the implementation its parent was given, so the row's is given to the card's, and the card's to the
 * list's). An admin's list reads the languages of the restaurant it is given (GET /admin/restaurants?id=); a manager's,
 * those of the product's restaurant.
 */
export function provideOptionsNotify(notify: (notice: Notice) => void, role: Role = 'manager') {
  const actions = { notify: (_: unknown, notice: Notice) => notify(notice) };
  const row = rowChild.provide({ actions });
  const option = optionMachine.provide({ actions, actors: { row } });
  const card = optionChild.provide({ actions, actors: { row } });
  const list = optionListMachine.provide({
    actions,
    actors: { option: card, ...(role === 'admin' ? { loadLanguages: adminRestaurantLanguagesActor } : {}) },
  });
  // `option` alone (the rows screen) has no list to report to.
  return { list, option };
}
