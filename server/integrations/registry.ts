import type { Config } from '../config';
import { IikoProvider } from './iiko/provider';
import type { PosProvider } from './provider';

/** Demo mode's local POS, as the app sees it: where it answers and the login it takes. */
export interface LocalPos {
  readonly url: string;
  readonly apiLogin: string;
}

/**
 * Which POS the integration talks to, from the configuration:
 * - IIKO_API_URL + IIKO_API_LOGIN: the iiko Cloud API at that URL;
 * - neither, with DEMO=1: the built-in POS simulator (server/dev/pos, loaded only then), started on a free loopback
 *   port (closed with the app);
 * - neither, without DEMO: none; the integration calls answer 503 'Integratsiya manbasi sozlanmagan'.
 */
export interface IntegrationSource {
  provider: PosProvider | null;
  /** Set in demo mode: the running simulator (its URL and apiLogin are logged so a person can drive it). */
  simulator: LocalPos | null;
  close(): Promise<void>;
}

export async function openIntegrationSource(config: Config): Promise<IntegrationSource> {
  if (config.iikoApiUrl && config.iikoApiLogin) {
    const provider = new IikoProvider({ baseUrl: config.iikoApiUrl, apiLogin: config.iikoApiLogin });
    return { provider, simulator: null, close: async () => {} };
  }
  if (config.demo) {
    const { startPosSimulator } = await import('../dev/pos/server');
    const simulator = await startPosSimulator();
    const provider = new IikoProvider({ baseUrl: simulator.url, apiLogin: simulator.apiLogin });
    return { provider, simulator, close: () => simulator.close() };
  }
  return { provider: null, simulator: null, close: async () => {} };
}
