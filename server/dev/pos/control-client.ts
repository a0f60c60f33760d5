import type { LocalPos } from '../../integrations/registry';

/**
 * The app's side of the simulator's POST /control (server.ts), for demo mode's code that holds only the running
 * simulator's URL and apiLogin (what server/integrations/registry.ts hands the app): the /dev/iiko page and the demo
 * seed drive it as a person would with curl.
 */

/** The simulator refused the call (400: an unknown order, terminal group…); the message is its own text. */
export class ControlRefusal extends Error {}

export async function controlCall<T>(pos: LocalPos, action: string, args: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${pos.url}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiLogin: pos.apiLogin, action, ...args }),
    signal: AbortSignal.timeout(5000),
  });
  const body = (await response.json()) as unknown;
  if (response.status === 400) {
    throw new ControlRefusal((body as { errorDescription?: string }).errorDescription ?? `${action} refused`);
  }
  if (!response.ok) throw new Error(`POS simulator /control ${action}: HTTP ${response.status}`);
  return body as T;
}

/**
 * Puts the demo's own organization (DEMO_POS_ORGANIZATION: menu, till and nine tables) on the running simulator, as it
 * must be at every demo start for the restaurant the demo seed linked to it; answers its ids.
 */
export const addDemoOrganization = (pos: LocalPos) =>
  controlCall<{ id: string; name: string; terminalGroupId: string }>(pos, 'addDemoOrganization');
