import { HttpError } from '../errors';
import { messages } from '../messages';

// The API tests compare answers with these names; the sentences are the catalog's (server/messages/integration.ts).
export const SELECT_BOTH = messages.selectRestaurantAndManager;
export const SYNC_FAILED = messages.syncFailed;
export const CREATE_FAILED = messages.createFailed;
export const LIST_FAILED = messages.listFailed;
export const NOT_INTEGRATION = messages.notIntegration;
export const SYNC_RUNNING = messages.syncRunning;
export const ALREADY_LINKED = messages.alreadyLinked;
export const ORGANIZATION_NOT_FOUND = messages.organizationNotFound;

/**
 * An integration failure whose message is for the client even when its status is 5xx (502 the POS failed, 503 no
 * source configured, 504 the POS did not answer in time): an HttpError, whose sentence the central handler sends
 * whatever the status (server/plugins/errors.ts).
 */
export class IntegrationError extends HttpError {}
