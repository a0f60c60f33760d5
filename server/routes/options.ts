import type { Config } from '../config';

/** What every route module receives when registered. */
export interface RouteOptions {
  config: Config;
}
