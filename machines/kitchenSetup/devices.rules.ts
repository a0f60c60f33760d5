import type { KitchenDevice } from '../../client/devices';
import type { Station } from '../../client/stations';
import { uzKitchen } from '../../lib/uz-kitchen';

/** A kitchen device as its row reads it, and the pairing code's countdown. */

export type DeviceTone = 'waiting' | 'paired' | 'expired';

export interface DeviceRow {
  device: KitchenDevice;
  /** The station it shows ("Bo'lim: Bar"), or "Barcha bo'limlar". */
  station: string;
  state: string;
  tone: DeviceTone;
  /** Its last call, or that it has made none. */
  lastSeen: string;
}

const STATE_TEXT: Record<KitchenDevice['state'], string> = {
  waiting: uzKitchen.deviceWaiting,
  paired: uzKitchen.devicePaired,
  expired: uzKitchen.deviceExpired,
};

const two = (n: number) => String(n).padStart(2, '0');

/**
 * When a device last called, on this device's clock: `14:05` today, `25.11 14:05` before. Written by hand: Uzbek
 * locale data is not in every browser.
 */
export function seenAt(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = `${two(at.getHours())}:${two(at.getMinutes())}`;
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay ? time : `${two(at.getDate())}.${two(at.getMonth() + 1)} ${time}`;
}

export function deviceRow(device: KitchenDevice, stations: readonly Station[], now: Date): DeviceRow {
  const station = device.station_id ? stations.find((s) => s._id === device.station_id) : undefined;
  return {
    device,
    // A station deleted since is not named (the server keeps no device on a deleted station alone).
    station: station ? uzKitchen.deviceStation(station.name) : uzKitchen.allStations,
    state: STATE_TEXT[device.state],
    tone: device.state,
    lastSeen: device.last_seen_at
      ? uzKitchen.deviceLastSeen(seenAt(device.last_seen_at, now))
      : uzKitchen.deviceNeverSeen,
  };
}

/** `9:41`: minutes and seconds from `now` to `expiresAt`, never below 0:00. */
export function timeLeft(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${two(seconds % 60)}`;
}
