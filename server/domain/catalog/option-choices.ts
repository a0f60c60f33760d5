import { messages } from '../../messages';
import type { ChoiceCounts } from '../../schemas/options';

/**
 * How many rows of an option a diner chooses (product_options.min_choices / max_choices): the rule a manager's
 * create and edit go through, so `required` (kept in the API: min_choices ≥ 1, schemas/options.ts) and the two counts
 * never disagree.
 */

export interface ChoiceChanges {
  required?: boolean | undefined;
  min_choices?: number | undefined;
  max_choices?: number | undefined;
}

/** A new option: optional, one row at most (a sauce), unless the body says otherwise. */
export const NEW_OPTION_CHOICES: ChoiceCounts = { min_choices: 0, max_choices: 1 };

/**
 * The counts after `changes`: a count sent wins; `required` alone makes the minimum 1 (or keeps a larger one) or 0.
 * Answers the Uzbek reason of a 400 when the body contradicts itself or leaves the minimum above the maximum.
 */
export function resolveChoices(stored: ChoiceCounts, changes: ChoiceChanges): ChoiceCounts | { error: string } {
  const { required, min_choices: min, max_choices: max } = changes;
  if (required !== undefined && min !== undefined && required !== min > 0)
    return { error: messages.choicesContradictRequired };
  const minChoices =
    min ?? (required === undefined ? stored.min_choices : required ? Math.max(1, stored.min_choices) : 0);
  const maxChoices = max ?? stored.max_choices;
  if (minChoices > maxChoices) return { error: messages.choicesMinOverMax };
  return { min_choices: minChoices, max_choices: maxChoices };
}
