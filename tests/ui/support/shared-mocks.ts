import { vi } from 'vitest';

/**
 * The modules every file of the screens' shared project (vitest.config.ts, `ui`) gets replaced, from its first file
 * on: those files share one module graph per worker, so a replacement must be the same for all of them, made before
 * any of them imports the module. The orders' live stream (jsdom has no EventSource: tests speak for the stream
 * through ./fakeStaffEvents) and the new-order sound (./fakeAlertSound counts it).
 */
vi.mock('../../../machines/orders/staffEvents.actor', () => import('./fakeStaffEvents'));
vi.mock('../../../src/app/alertSound', () => import('./fakeAlertSound'));
