import type { SnapshotFrom } from 'xstate';
import type { DialogEvent } from '../../../machines/dialog/dialog.machine';
import { hasChanges } from '../../../machines/dialog/dialog.rules';
import type { DialogItem } from '../../../machines/dialog/dialog.types';
import { restaurantDialogMachine } from '../../../machines/restaurants/restaurantDialog.machine';
import { restaurantFormConfig } from '../../../machines/restaurants/restaurantForm.rules';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';
import { describeTab, TAB_LANGUAGES, tabEvents, tabStep } from './dialogTabs';

/**
 * The generic create/edit dialog's test plan, on its most demanding use: the admin's restaurant form (validation,
 * a select loaded from the server, create and edit calls, the language tabs). `MANAGER` stands for the seeded
 * manager. The edited restaurant offers every menu language, with some of its texts translated: its form has a tab
 * per language, walked once (./dialogTabs.ts).
 */

export const MANAGER = 'manager-of-the-test';
export const EDITED_ITEM = {
  _id: 'edited',
  name: 'Tahrir Restorani',
  slug: 'tahrir-restorani',
  address: "Toshkent, Navoiy ko'chasi 1",
  phone_number: '+998 90 123 45 67',
  work_time: '09:00 - 23:00',
  manager_id: MANAGER,
  is_active: true,
  bot_token: null,
  channel_id: null,
  languages: [...TAB_LANGUAGES],
  // Some texts left untranslated: their fields are shown empty.
  translations: {
    'uz-Cyrl': { name: 'Таҳрир Ресторани' },
    ru: { name: 'Ресторан Тахрир', address: 'Ташкент, улица Навои 1', work_time: '09:00 - 23:00' },
    en: { name: 'Tahrir Restaurant', address: '1 Navoi street, Tashkent' },
  },
} satisfies DialogItem & Record<string, unknown>;

export const NEW_RESTAURANT = {
  name: 'Yangi Restoran',
  slug: 'yangi-restoran',
  address: 'Samarqand, Registon 2',
  phone_number: '+998 66 111 22 33',
  work_time: '10:00 - 22:00',
  manager_id: MANAGER,
};

type DialogInvoke = 'loadOptions' | 'create' | 'update';

export const restaurantDialogEvents = [
  { type: 'dialog.open' },
  { type: 'dialog.open', item: EDITED_ITEM },
  { type: 'dialog.change', values: NEW_RESTAURANT },
  { type: 'dialog.change', values: { name: '' } },
  { type: 'dialog.change', values: { work_time: '08:00 - 22:00' } },
  { type: 'dialog.submit' },
  { type: 'dialog.close' },
  { type: 'dialog.retry' },
  { type: 'xstate.done.actor.loadOptions', output: { managers: [] } },
  { type: 'xstate.error.actor.loadOptions', error: new Error('500') },
  { type: 'xstate.done.actor.create', output: {} },
  { type: 'xstate.error.actor.create', error: new Error('409') },
  { type: 'xstate.done.actor.update', output: {} },
  { type: 'xstate.error.actor.update', error: new Error('404') },
  ...tabEvents,
] satisfies Array<ModelEvent & { type: DialogEvent['type'] | ActorEventType<DialogInvoke> }>;

type Snapshot = SnapshotFrom<typeof restaurantDialogMachine>;

/** What decides where a submit goes: whether the form is valid and, on edit, whether anything changed. */
export function formFacts(s: Snapshot) {
  const { config, values, initial, item } = s.context;
  return {
    valid: Object.keys(config.validate(values, item ? 'edit' : 'create')).length === 0,
    changed: hasChanges(initial, values),
  };
}

export const restaurantDialogModel: PathModel<typeof restaurantDialogMachine> = {
  name: 'restaurantDialog',
  machine: restaurantDialogMachine,
  input: { config: restaurantFormConfig },
  events: restaurantDialogEvents,
  // Filling the whole form is a create-mode step; in edit mode the form starts filled. The tabs are walked from the
  // edit form as it opened (a new restaurant offers Uzbek alone: no tabs).
  filterEvents: (s, e) =>
    !(e.type === 'dialog.change' && (e.values as Record<string, string>).name && s.context.item) &&
    tabStep(s, e, s.matches({ open: { flow: 'editing' } }) && s.context.item !== null && !formFacts(s).changed),
  serializeState: (s, e, prev) => {
    const facts = (x: Snapshot) => {
      const f = formFacts(x);
      return `${f.valid ? 'valid' : 'invalid'}${f.changed ? '+changed' : ''}`;
    };
    return `${byTransition(s, e, prev)} [${facts(s)}${prev ? ` <- ${facts(prev)}` : ''}]`;
  },
  describeEvent: (e) => {
    switch (e.type) {
      case 'dialog.open':
        return e.item ? 'open the edit dialog of a restaurant' : "open 'Restoran qo'shish'";
      case 'dialog.change': {
        const values = e.values as Record<string, string>;
        if (values.name === '') return 'empty the name';
        if ('slug' in values) return 'fill in the whole form';
        return 'change the work time';
      }
      case 'dialog.submit':
        return 'press Saqlash';
      case 'dialog.close':
        return 'close the dialog';
      case 'dialog.retry':
        return 'retry loading the managers';
      case 'dialog.tab':
        return describeTab(e);
      case 'xstate.done.actor.loadOptions':
        return 'the managers load';
      case 'xstate.error.actor.loadOptions':
        return 'the managers fail to load';
      case 'xstate.done.actor.create':
        return 'the restaurant is created';
      case 'xstate.error.actor.create':
        return 'the server refuses (slug taken)';
      case 'xstate.done.actor.update':
        return 'the changes are saved';
      case 'xstate.error.actor.update':
        return 'the server refuses (restaurant gone)';
      default:
        return e.type;
    }
  },
};
