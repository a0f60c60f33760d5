import { describe, expect, it } from 'vitest';
import { NEW_OPTION_CHOICES, resolveChoices } from '../../server/domain/catalog/option-choices';
import { messages } from '../../server/messages';

/** How many rows of an option a diner chooses, after a manager's create or edit (server/domain/catalog/option-choices.ts). */
describe('resolveChoices', () => {
  const stored = { min_choices: 2, max_choices: 4 };

  it('keeps the stored counts when nothing is sent', () => {
    expect(resolveChoices(stored, {})).toEqual(stored);
  });

  it('takes a count sent alone, without "required"', () => {
    expect(resolveChoices(stored, { min_choices: 3 })).toEqual({ min_choices: 3, max_choices: 4 });
    expect(resolveChoices(stored, { min_choices: 0 })).toEqual({ min_choices: 0, max_choices: 4 });
    expect(resolveChoices(stored, { max_choices: 2 })).toEqual({ min_choices: 2, max_choices: 2 });
  });

  it('makes "required" alone a minimum of one, keeping a larger one, and "not required" a minimum of none', () => {
    expect(resolveChoices(NEW_OPTION_CHOICES, { required: true })).toEqual({ min_choices: 1, max_choices: 1 });
    expect(resolveChoices(stored, { required: true })).toEqual(stored);
    expect(resolveChoices(stored, { required: false })).toEqual({ min_choices: 0, max_choices: 4 });
  });

  it('takes "required" and a minimum that agree', () => {
    expect(resolveChoices(stored, { required: true, min_choices: 1 })).toEqual({ min_choices: 1, max_choices: 4 });
    expect(resolveChoices(stored, { required: false, min_choices: 0 })).toEqual({ min_choices: 0, max_choices: 4 });
  });

  it('refuses "required" and a minimum that contradict each other', () => {
    expect(resolveChoices(stored, { required: true, min_choices: 0 })).toEqual({
      error: messages.choicesContradictRequired,
    });
    expect(resolveChoices(stored, { required: false, min_choices: 2 })).toEqual({
      error: messages.choicesContradictRequired,
    });
  });

  it('refuses a minimum above the maximum, whichever of them was sent', () => {
    expect(resolveChoices(stored, { min_choices: 5 })).toEqual({ error: messages.choicesMinOverMax });
    expect(resolveChoices(stored, { max_choices: 1 })).toEqual({ error: messages.choicesMinOverMax });
    expect(resolveChoices(stored, { min_choices: 3, max_choices: 3 })).toEqual({ min_choices: 3, max_choices: 3 });
  });
});
