import { fromPromise } from 'xstate';
import { waitingCount } from '../../client/orders';
import { staffEventsActor } from './staffEvents.actor';

export const ordersTabActors = {
  countWaiting: fromPromise(({ signal }: { signal: AbortSignal }) => waitingCount({ signal })),
  staffEvents: staffEventsActor,
};
