import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { kitchenDisplayMachine } from './kitchenDisplay.machine';
import { CODE_LENGTH, type kitchenPairingMachine } from './kitchenPairing.machine';

/** What the kitchen screen reads from the pairing machine. */

type PairingSnapshot = SnapshotFrom<typeof kitchenPairingMachine>;

export const selectUnpaired = (s: PairingSnapshot) => s.hasTag('unpaired');
export const selectPairing = (s: PairingSnapshot) => s.hasTag('pairing');
export const selectDisplayFailed = (s: PairingSnapshot) => s.matches('displayFailed');
export const selectCode = (s: PairingSnapshot) => s.context.code;
export const selectCodeComplete = (s: PairingSnapshot) => s.context.code.length === CODE_LENGTH;
/** Why the screen is back at pairing or pairing failed: undefined when there is nothing to say, null: no message. */
export const selectNotice = (s: PairingSnapshot) => (s.context.notice ? s.context.message : undefined);
/** The running display (its child actor), while paired. */
export const selectDisplay = (s: PairingSnapshot) =>
  s.children.display as ActorRefFrom<typeof kitchenDisplayMachine> | undefined;
