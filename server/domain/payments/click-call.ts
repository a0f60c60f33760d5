import { recordPaymentCall } from '../../repositories/payment-calls';
import { restaurantExists } from '../../repositories/restaurants';
import type { DomainDeps } from '../deps';
import { type ClickAnswer, type ClickOutcome, clickAnswer } from './click-answer';
import { isUuid } from './click-checks';
import { completeClick } from './click-complete';
import { ACTION_CODES, type ClickAction, echoOf, type FormFields, readClickFields } from './click-fields';
import { prepareClick } from './click-prepare';
import { signatureMatches } from './click-sign';
import { clickReady, storedOrNone } from './settings';
import type { PaymentSettingsCache } from './settings-cache';

/** One of Click's calls as it reached us: which endpoint, the restaurant its URL names, the form as received. */
export interface ClickCall {
  action: ClickAction;
  restaurantId: string;
  form: FormFields;
}

/** The database and the restaurants' payment settings (settings-cache.ts), whose Click keys sign the calls. */
export interface ClickDeps extends DomainDeps {
  settingsOf: PaymentSettingsCache['get'];
}

/** Where a failure that is not Click's answer goes (the request's log): the call is still answered. */
export type ClickFailure = (error: unknown) => void;

/**
 * Checks in Click's own order, each refusing with its code: every field present and well formed (-8); the signature
 * with this restaurant's secret key (-1: also when the restaurant is unknown, has no Click key, or the call's
 * service_id is not its service, since nothing else could be checked); the endpoint's action (-3). Then Prepare or
 * Complete decides.
 */
async function decide(deps: ClickDeps, call: ClickCall): Promise<ClickAnswer> {
  const refuse = (outcome: ClickOutcome) => clickAnswer(call.action, echoOf(call.form), outcome);
  const fields = readClickFields(call.form, call.action);
  if (!fields) return refuse('errorInRequest');
  const settings = storedOrNone(isUuid(call.restaurantId) ? await deps.settingsOf(call.restaurantId) : undefined);
  // A restaurant that turned Click off still settles the payments Click is already taking.
  if (
    !clickReady(settings) ||
    fields.service_id !== settings.click_service_id ||
    !signatureMatches(fields, settings.click_secret_key!, call.action)
  ) {
    return refuse('signCheckFailed');
  }
  if (fields.action !== ACTION_CODES[call.action]) return refuse('actionNotFound');
  return call.action === 'prepare'
    ? prepareClick(deps, call.restaurantId, fields)
    : completeClick(deps, call.restaurantId, fields);
}

/**
 * Answers one of Click's calls and records it (the form as received and the answer, in a statement of its own after
 * the call's work, refused calls too). Never throws: a failure of ours is answered -7 ("Failed to update user"), so
 * Click always gets its own format.
 */
export async function answerClickCall(deps: ClickDeps, call: ClickCall, failed: ClickFailure): Promise<ClickAnswer> {
  let answer: ClickAnswer;
  try {
    answer = await decide(deps, call);
  } catch (error) {
    failed(error);
    answer = clickAnswer(call.action, echoOf(call.form), 'failedToUpdateUser');
  }
  await recordClickCall(deps, call, answer, failed);
  return answer;
}

/** Records a call, under its restaurant when that exists (an unknown id in the URL is recorded without one). */
export async function recordClickCall(
  deps: DomainDeps,
  call: ClickCall,
  answer: ClickAnswer,
  failed: ClickFailure,
): Promise<void> {
  try {
    const known = isUuid(call.restaurantId) && (await restaurantExists(deps.db, call.restaurantId));
    await recordPaymentCall(deps.db, {
      restaurant_id: known ? call.restaurantId : null,
      provider: 'click',
      method: call.action,
      params: call.form,
      answer,
    });
  } catch (error) {
    failed(error);
  }
}
