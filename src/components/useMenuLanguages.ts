import { useActorRef, useSelector } from '@xstate/react';
import type { MenuLanguage } from '../../client/types';
import { restaurantLanguagesActor } from '../../machines/shared/languages.actors';
import { DEFAULT_LANGUAGES } from '../../machines/shared/translations.rules';

/**
 * For a screen without a list machine to hold them (the one-option rows screen): the working restaurant's
 * menu languages, Uzbek alone until they are known or when they cannot be (the screen still works in Uzbek).
 */
export function useMenuLanguages(): readonly MenuLanguage[] {
  const actor = useActorRef(restaurantLanguagesActor, { input: { restaurantId: null } }, { error: () => {} });
  return useSelector(actor, (s) => (s.status === 'done' ? s.output : DEFAULT_LANGUAGES));
}
