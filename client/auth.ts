import { type CallOptions, request } from './client';
import type { Profile } from './types';

/** POST /auth/login → `{ data: { accessToken } }` (the one call without a token). */
export async function login(credentials: { login: string; password: string }, options: CallOptions = {}) {
  const answer = await request<{ data: { accessToken: string } }>('/auth/login', {
    ...options,
    method: 'POST',
    body: credentials,
    anonymous: true,
  });
  return answer.data.accessToken;
}

/** GET /auth/profile → `{ data }`. */
export async function getProfile(options: CallOptions = {}): Promise<Profile> {
  const answer = await request<{ data: Profile }>('/auth/profile', options);
  return answer.data;
}

/** PUT /auth/password → a new token (every earlier one stops working). */
export async function changePassword(
  body: { current_password: string; new_password: string },
  options: CallOptions = {},
): Promise<string> {
  const answer = await request<{ data: { accessToken: string } }>('/auth/password', {
    ...options,
    method: 'PUT',
    body,
  });
  return answer.data.accessToken;
}
