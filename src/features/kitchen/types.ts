import type { ActorRefFrom } from 'xstate';
import type { kitchenDisplayMachine } from '../../../machines/kitchen/kitchenDisplay.machine';

/** The running display (the pairing machine's child) the screen's parts read and send to. */
export type DisplayActor = ActorRefFrom<typeof kitchenDisplayMachine>;
