import type { Config } from '../config';

/** What every route module receives when registered. */
export interface RouteOptions {
  config: Config;
  /** How often an open staff events stream asks whether its user may still follow it (tests shorten it). */
  eventsRecheckMs?: number;
  /** Open staff events streams per user (default server/events/hub.ts MAX_STREAMS_PER_USER). */
  streamsPerUser?: number;
}
