import type { FastifyInstance } from 'fastify';
import { DEV_ASSET_HEADERS } from '../page-headers';
import { registerClickSimulator } from './click-routes';
import { PAYMENTS_CSS_PATH } from './page';
import { PAYMENTS_PAGE_CSS } from './page-styles';
import { registerPaymeSimulator } from './payme-routes';

export interface DemoPaymentSimulators {
  /** Payme's checkout at /dev/payme (demo mode without PAYME_CHECKOUT_URL). */
  payme: boolean;
  /** Click's payment page at /dev/click (demo mode without CLICK_PAY_URL). */
  click: boolean;
}

/** Their forms are a button or two: anything larger is not theirs. */
const FORM_LIMIT = 4096;

/**
 * Demo mode's payment providers, loaded by server/app.ts only when they run: the checkout links the diner's payments
 * answer point here (server/routes/menu/payments.ts), and these pages play Payme's and Click's checkouts, calling the
 * restaurant's merchant endpoints over HTTP at the app's own listening address, exactly as the providers would.
 */
export async function registerDemoPayments(
  app: FastifyInstance,
  simulators: DemoPaymentSimulators = { payme: true, click: true },
): Promise<void> {
  await app.register(async (scope) => {
    // The pages' forms post as a browser does; this scope alone reads that (the merchant endpoints have their own).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.get(PAYMENTS_CSS_PATH, { schema: { hide: true } }, (_request, reply) =>
      reply.headers(DEV_ASSET_HEADERS).type('text/css; charset=utf-8').send(PAYMENTS_PAGE_CSS),
    );
    if (simulators.payme) registerPaymeSimulator(scope);
    if (simulators.click) registerClickSimulator(scope);
  });
  const pages = [simulators.payme && '/dev/payme', simulators.click && '/dev/click'].filter(Boolean).join(', ');
  app.log.info(`Payment simulators at ${pages}: paying a demo bill calls this server's merchant endpoints over HTTP`);
}
