import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import type { deviceListMachine } from './deviceList.machine';
import { timeLeft } from './devices.rules';

type Snapshot = SnapshotFrom<typeof deviceListMachine>;

export const selectShowsSpinner = (s: Snapshot) => s.matches({ data: 'loading' }) && s.context.devices.length === 0;
export const selectLoadFailed = (s: Snapshot) => s.matches({ data: 'failed' });
export const selectDevices = (s: Snapshot) => s.context.devices;
/** The stations a new device may show (the dialog's select), and the names of the ones devices show. */
export const selectStations = (s: Snapshot) => s.context.stations;
export const selectIsEmpty = (s: Snapshot) => s.matches({ data: 'ready' }) && s.context.devices.length === 0;
/** A device is added once the stations it may show are known. */
export const selectCanAdd = (s: Snapshot) => s.matches({ data: 'ready' }) && s.matches({ code: 'idle' });
export const selectCanRevoke = (s: Snapshot) => s.matches({ removal: 'idle' });
export const selectRevokeTarget = (s: Snapshot) =>
  s.matches({ removal: 'idle' }) ? null : (s.context.devices.find((d) => d._id === s.context.deleteId) ?? null);
export const selectConfirmDelete = (s: Snapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;

/** The code being shown (its modal is open), else null. */
export const selectPairing = (s: Snapshot) => (s.matches({ code: 'idle' }) ? null : s.context.pairing);
export const selectCodeState = (s: Snapshot): 'showing' | 'paired' | 'expired' | null => {
  if (s.matches({ code: 'showing' })) return 'showing';
  if (s.matches({ code: 'paired' })) return 'paired';
  if (s.matches({ code: 'expired' })) return 'expired';
  return null;
};
/** How long the shown code still works (`9:41`), once the clock has ticked; null otherwise. */
export const selectCodeLeft = (s: Snapshot) =>
  s.matches({ code: 'showing' }) && s.context.pairing && s.context.now !== null
    ? timeLeft(s.context.pairing.expires_at, s.context.now)
    : null;
