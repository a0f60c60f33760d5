import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clickMerchant, type Merchant } from './cashbox';
import { clickService } from './click-api';
import { type ClickButton, readButton } from './click-button';
import { newClickPayment } from './click-diner';
import { type ClickFailure, cancelThroughClick, payThroughClick } from './click-flows';
import { checkoutBody, introBody, scenariosBody } from './click-pages';
import { runClickScenarios } from './click-scenarios';
import { ownOrigin } from './own-origin';
import { doneCard, errorCard, sendPage, webOrigin } from './page';

/**
 * `/dev/click?<button>`: Click's payment page for its button, played locally. Its buttons call the service's SHOP API
 * over HTTP as Click would (server/routes/payments/click.ts answers), then send the payer to `return_url`;
 * `/dev/click/scenarios?<button>` runs Click's 15 test scenarios against it.
 */

const hidden = { schema: { hide: true } };
const TITLE = "Click orqali to'lash";

const queryOf = (request: FastifyRequest) => request.url.split('?')[1] ?? '';
const actionOf = (request: FastifyRequest) =>
  typeof request.body === 'object' && request.body !== null ? (request.body as { action?: string }).action : undefined;

export function registerClickSimulator(app: FastifyInstance): void {
  const refused = (reply: FastifyReply, status: number, text: string, back?: string) =>
    sendPage(reply, {
      provider: 'click',
      title: TITLE,
      status,
      body: errorCard('', text, back ? { href: back, label: 'Menyuga qaytish' } : undefined),
    });

  /** The button and the service it names, or the page Click shows for what is wrong. */
  async function service(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ button: ClickButton; merchant: Merchant } | { answered: FastifyReply }> {
    const read = readButton(queryOf(request));
    if ('error' in read) return { answered: await refused(reply, 400, read.error) };
    const { button } = read;
    const merchant = await clickMerchant(app.db, button.serviceId, button.merchantId, button.paymentId);
    if (!merchant) return { answered: await refused(reply, 404, 'Xizmat topilmadi.', backOf(button)) };
    return { button, merchant };
  }

  app.get('/dev/click', hidden, async (request, reply) => {
    if (queryOf(request) === '')
      return sendPage(reply, { provider: 'click', title: 'Click simulyatori', body: introBody() });
    const found = await service(request, reply);
    if ('answered' in found) return found.answered;
    return sendPage(reply, {
      provider: 'click',
      title: TITLE,
      body: checkoutBody(found.button, found.merchant),
      formTargets: [webOrigin(found.button.returnUrl) ?? ''].filter(Boolean),
    });
  });

  app.post('/dev/click', hidden, async (request, reply) => {
    const found = await service(request, reply);
    if ('answered' in found) return found.answered;
    const { button, merchant } = found;
    const action = actionOf(request);
    if (action !== 'pay' && action !== 'cancel') return refused(reply, 400, "Noma'lum amal.");
    const origin = ownOrigin(app);
    if (!origin) return refused(reply, 503, 'Restoran serveri javob bermadi.', backOf(button));
    const run = action === 'pay' ? payThroughClick : cancelThroughClick;
    const failure = await run(clickService(origin, merchant), button.paymentId, button.amount);
    if (failure) return failed(reply, failure, backOf(button));
    const back = backOf(button);
    if (back) return reply.redirect(back, 303);
    return sendPage(reply, {
      provider: 'click',
      title: TITLE,
      body: doneCard(action === 'pay' ? "To'lov amalga oshirildi" : "To'lov bekor qilindi"),
    });
  });

  app.post('/dev/click/scenarios', hidden, async (request, reply) => {
    const found = await service(request, reply);
    if ('answered' in found) return found.answered;
    const { button, merchant } = found;
    const origin = ownOrigin(app);
    if (!origin) return refused(reply, 503, 'Restoran serveri javob bermadi.', backOf(button));
    const results = await runClickScenarios({
      service: clickService(origin, merchant),
      paymentId: button.paymentId,
      amount: button.amount,
      newPayment: () => newClickPayment(app.db, origin, button.paymentId),
    });
    return sendPage(reply, {
      provider: 'click',
      title: 'Click test ssenariylari',
      body: scenariosBody(results, backOf(button)),
    });
  });

  /** The merchant's refusal as Click's page shows it: its code and note. */
  function failed(reply: FastifyReply, failure: ClickFailure, back: string | undefined) {
    const { step, reply: answer } = failure;
    const [code, text] = 'error' in answer ? [answer.error, answer.error_note] : ['', answer.failure];
    return sendPage(reply, {
      provider: 'click',
      title: TITLE,
      status: 409,
      body: errorCard(code, `${step}: ${text}`, back ? { href: back, label: 'Menyuga qaytish' } : undefined),
    });
  }
}

/** The return URL, when it is one a browser may be sent to. */
const backOf = (button: ClickButton) => (webOrigin(button.returnUrl) ? button.returnUrl : undefined);
