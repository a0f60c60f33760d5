import type { Static } from 'typebox';
import { formatPhone } from '../../../lib/format';
import { badRequest, forbidden, notFound } from '../../errors';
import { messages } from '../../messages';
import {
  assertSlugFree,
  blankToNull,
  findRestaurantById,
  findRestaurantBySlug,
  createRestaurant as insertRestaurant,
  updateRestaurant as patchRestaurant,
  presentManagedRestaurant,
  type RestaurantChanges,
  deleteRestaurant as removeRestaurant,
  rethrowSlugTaken,
  slugKey,
  trimmedText,
} from '../../repositories/restaurants';
import { checkedLanguages, newTranslations } from '../../repositories/translations';
import { assertManagerExists } from '../../repositories/users';
import { type CreateRestaurantBody, MANAGER_EDITABLE, type UpdateRestaurantBody } from '../../schemas/restaurants';
import type { BotApiOptions } from '../../telegram/bot-api';
import { checkSettingsChange } from '../../telegram/settings';
import { ownsRestaurant, type Viewer } from '../../viewer';
import { afterDeletion } from '../deletion';
import type { DomainDeps } from '../deps';
import { assertTerminalGroup } from '../integration/pos-tables';
import type { PosSource } from '../integration/source';
import { detailChanges } from './details';
import { hoursChanges } from './hours';

/**
 * Restaurants as the admin creates and deletes them and their staff change them. A bot token or channel a save
 * changes is checked with Telegram before the transaction opens (none stays open while Telegram answers), so the
 * checks that answer before it (slug, manager, ownership) read outside the transaction too; the write itself repeats
 * what a concurrent change could break (the unique slug index, the owner in the update's WHERE).
 */

/** What a restaurant's save needs of the server's Telegram service. */
export interface RestaurantTelegram {
  /** Where the Bot API answers: new settings are checked there before they are saved. */
  api: BotApiOptions;
  /** Once new settings committed: the bot's webhook is registered or its polling starts. */
  settingsSaved(restaurantId: string): Promise<void>;
}

/** A manual restaurant; its slug is stored lowercase and must be free whatever the case (409). */
export async function createRestaurant(
  deps: DomainDeps,
  viewer: Viewer,
  body: Static<typeof CreateRestaurantBody>,
  telegram: RestaurantTelegram,
) {
  const text = trimmedText(body, ['name', 'address', 'phone_number', 'work_time'] as const);
  const slug = slugKey(body.slug);
  const languages = body.languages === undefined ? undefined : checkedLanguages(body.languages);
  await assertSlugFree(deps.db, slug);
  await assertManagerExists(deps.db, body.manager_id);
  const settings = {
    bot_token: blankToNull(body.bot_token) ?? null,
    channel_id: blankToNull(body.channel_id) ?? null,
  };
  await checkSettingsChange(telegram.api, undefined, settings);
  return deps.work(async (w) => {
    const created = await insertRestaurant(w.tx, {
      name: text.name!,
      slug,
      address: text.address!,
      phone_number: formatPhone(text.phone_number!),
      work_time: text.work_time!,
      manager_id: body.manager_id,
      is_active: body.is_active,
      type: 'manual',
      ...settings,
      hide_stopped: body.hide_stopped ?? false,
      ordering_enabled: body.ordering_enabled ?? false,
      // Not sent: undefined, and the insert takes the column's default.
      languages,
      ...hoursChanges(body),
      digest_time: body.digest_time,
      translations: newTranslations(body.translations),
    }).catch(rethrowSlugTaken);
    const row = await findRestaurantById(w.tx, created._id);
    w.menuChanged(created._id);
    // Without a bot there is nothing to register: settingsSaved then reads the restaurant and stops.
    w.afterCommit(() => telegram.settingsSaved(created._id));
    return presentManagedRestaurant(row!, viewer);
  });
}

/**
 * Only the fields sent change. A manager may change MANAGER_EDITABLE of their own restaurant (another's is a 404, any
 * other field a 403); an admin every field of any restaurant.
 */
export async function updateRestaurant(
  deps: DomainDeps,
  viewer: Viewer,
  slug: string,
  body: Static<typeof UpdateRestaurantBody>,
  telegram: RestaurantTelegram,
  pos: PosSource,
) {
  if (viewer.role !== 'admin') {
    const refused = Object.keys(body).find((key) => !(MANAGER_EDITABLE as readonly string[]).includes(key));
    if (refused) throw forbidden(messages.adminOnlyField(refused));
  }
  const text = trimmedText(body, ['name'] as const);
  const found = await findRestaurantBySlug(deps.db, slug);
  if (!found || !ownsRestaurant(viewer, found)) throw notFound(messages.restaurantNotFound);
  const details = detailChanges(body, found.type);
  const newSlug = body.slug === undefined ? undefined : slugKey(body.slug);
  // Its own slug is never taken from itself (assertSlugFree leaves this restaurant out).
  if (newSlug !== undefined) await assertSlugFree(deps.db, newSlug, found._id);
  if (body.manager_id !== undefined) await assertManagerExists(deps.db, body.manager_id);
  if (body.pos_terminal_group_id !== undefined) {
    if (found.type !== 'integration') throw badRequest(messages.terminalGroupNotIntegration);
    // Asked before the transaction opens, like Telegram: none stays open while the POS answers.
    if (body.pos_terminal_group_id !== null) await assertTerminalGroup(pos, found, body.pos_terminal_group_id);
  }

  // Fields not sent stay undefined, and an update leaves undefined columns as they are.
  const changes: RestaurantChanges = {
    ...text,
    ...details,
    ...hoursChanges(body),
    digest_time: body.digest_time,
    languages: body.languages === undefined ? undefined : checkedLanguages(body.languages),
    translations: body.translations,
    slug: newSlug,
    manager_id: body.manager_id,
    is_active: body.is_active,
    hide_stopped: body.hide_stopped,
    ordering_enabled: body.ordering_enabled,
    pos_terminal_group_id: body.pos_terminal_group_id,
    bot_token: blankToNull(body.bot_token),
    channel_id: blankToNull(body.channel_id),
  };
  const telegramChanged = await checkSettingsChange(telegram.api, found, changes);
  // The restaurant's old delivery error was about the settings these replace.
  if (telegramChanged) changes.telegram_error = null;

  // The owner check is repeated in the WHERE, so a restaurant reassigned meanwhile is not written by its old manager.
  const onlyManagerId = viewer.role === 'admin' ? undefined : viewer._id;
  await deps.work(async (w) => {
    const updated = await patchRestaurant(w.tx, found._id, changes, onlyManagerId).catch(rethrowSlugTaken);
    if (!updated) throw notFound(messages.restaurantNotFound);
    w.menuChanged(found._id);
    if (telegramChanged) w.afterCommit(() => telegram.settingsSaved(found._id));
  });
  // Read once the effects ran: a webhook Telegram refused has just been recorded as the restaurant's telegram_error.
  const row = await findRestaurantById(deps.db, found._id);
  return presentManagedRestaurant(row!, viewer);
}

/**
 * Deletes the restaurant with its categories, products, options and rows; its pictures and its products' image files
 * nothing else shows go after the commit. Admin only (the routes' role check); an unknown restaurant is a 404.
 */
export function deleteRestaurant(deps: DomainDeps, dataDir: string, which: { slug: string } | { _id: string }) {
  return deps.work(async (w) => {
    const deletion = await removeRestaurant(w.tx, which);
    if (!deletion) throw notFound(messages.restaurantNotFound);
    await afterDeletion(w, dataDir, deletion);
  });
}
