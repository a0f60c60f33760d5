import type { ClickAction, ClickEcho } from './click-fields';

/**
 * Click SHOP API answers: `{click_trans_id, merchant_trans_id, merchant_prepare_id | merchant_confirm_id, error,
 * error_note}`, always with HTTP 200, every error code with Click's own English note exactly as its errors page gives it.
 */
export const CLICK_OUTCOMES = {
  success: { error: 0, note: 'Success' },
  signCheckFailed: { error: -1, note: 'SIGN CHECK FAILED!' },
  incorrectAmount: { error: -2, note: 'Incorrect parameter amount' },
  actionNotFound: { error: -3, note: 'Action not found' },
  alreadyPaid: { error: -4, note: 'Already paid' },
  userDoesNotExist: { error: -5, note: 'User does not exist' },
  transactionDoesNotExist: { error: -6, note: 'Transaction does not exist' },
  failedToUpdateUser: { error: -7, note: 'Failed to update user' },
  errorInRequest: { error: -8, note: 'Error in request from click' },
  transactionCancelled: { error: -9, note: 'Transaction cancelled' },
} as const;

export type ClickOutcome = keyof typeof CLICK_OUTCOMES;

/**
 * An answer in the order Click documents its fields. `click_trans_id` stays the decimal string it arrived as (a 64-bit
 * id does not fit a JavaScript number): clickAnswerJson writes it as a JSON number, digit for digit.
 */
export type ClickAnswer = ClickEcho &
  ({ merchant_prepare_id: number | null } | { merchant_confirm_id: number | null }) & {
    error: number;
    error_note: string;
  };

/** Our transaction id (Prepare's merchant_prepare_id, Complete's merchant_confirm_id) is answered on success only. */
export function clickAnswer(
  action: ClickAction,
  echo: ClickEcho,
  outcome: ClickOutcome,
  transactionId: number | null = null,
): ClickAnswer {
  const { error, note } = CLICK_OUTCOMES[outcome];
  const ours = outcome === 'success' ? transactionId : null;
  return {
    click_trans_id: echo.click_trans_id,
    merchant_trans_id: echo.merchant_trans_id,
    ...(action === 'prepare' ? { merchant_prepare_id: ours } : { merchant_confirm_id: ours }),
    error,
    error_note: note,
  };
}

/** The answer's body: `click_trans_id` as the number it is (exact beyond 2^53), the rest as JSON writes it. */
export function clickAnswerJson(answer: ClickAnswer): string {
  const { click_trans_id, ...rest } = answer;
  return `{"click_trans_id":${click_trans_id ?? 'null'},${JSON.stringify(rest).slice(1)}`;
}
