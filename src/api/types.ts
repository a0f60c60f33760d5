import type { Static } from 'typebox';
import type { Profile as ProfileSchema } from '../../server/schemas/auth';

/** Shapes of spec section 3 as the API answers them (the server's TypeBox schemas where they exist). */

export type Role = 'admin' | 'manager';
export type Profile = Static<typeof ProfileSchema>;

export type RestaurantType = 'manual' | 'integration';

export interface Restaurant {
  _id: string;
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  manager_id: string | null;
  type: RestaurantType;
  is_active: boolean;
  bot_token: string | null;
  channel_id: string | null;
  image: string | null;
  logotype: string | null;
  /** The view answer may carry the manager's login (spec 2.6 shows it). */
  manager?: { _id: string; login: string } | null;
  manager_login?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export interface Counts {
  all_count: number;
  active_count: number;
  inactive_count: number;
}

/** What the restaurant form sends: the required fields of spec section 5 and the optional ones. */
export interface RestaurantInput {
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  manager_id: string;
  is_active: boolean;
  bot_token?: string;
  channel_id?: string;
}

export interface Manager {
  _id: string;
  login: string;
  is_active: boolean;
  restaurants_count: number;
}

export interface IntegrationRestaurant {
  id: string;
  name: string;
}

export interface SyncRun {
  _id?: string;
  started_at: string;
  finished_at: string | null;
  result: 'running' | 'ok' | 'error';
  created: number;
  updated: number;
  deactivated: number;
  error: string | null;
}

export type UploadKind = 'image' | 'logotype';
