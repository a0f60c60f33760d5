import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { html } from '../../menu/html';
import { merchantOf, paymeMerchant } from './cashbox';
import { ownOrigin } from './own-origin';
import { doneCard, errorCard, sendPage, webOrigin } from './page';
import { paymeEndpoint, type RpcError, rpcErrorText } from './payme-api';
import { CANCEL_REASON, cancel, cancelThroughPayme, payThroughPayme } from './payme-flows';
import { PaymeLedger } from './payme-ledger';
import { checkoutBody, transactionsBody } from './payme-pages';
import { decodeCheckout, PAYME_CHECKOUT_ERRORS, type PaymeCheckoutError } from './payme-params';

/**
 * `/dev/payme/<base64>`: Payme's GET checkout, played locally. Its buttons call the restaurant's Merchant API over
 * HTTP exactly as Payme would (server/routes/payments/payme.ts answers), then send the payer to the return URL `c`.
 * `/dev/payme`: the simulator's transactions, a performed one refundable as in Payme's sandbox.
 */

type Form = Record<string, string | undefined>;

const hidden = { schema: { hide: true } };
const TITLE = "Payme orqali to'lash";

const formOf = (request: FastifyRequest): Form =>
  typeof request.body === 'object' && request.body !== null ? (request.body as Form) : {};

export function registerPaymeSimulator(app: FastifyInstance): void {
  const ledger = new PaymeLedger();

  const refused = (reply: FastifyReply, error: PaymeCheckoutError, status: number, back?: string) =>
    sendPage(reply, {
      provider: 'payme',
      title: TITLE,
      status,
      body: errorCard(error.code, error.text, back ? { href: back, label: 'Menyuga qaytish' } : undefined),
    });

  /** The checkout the link describes: its parameters and the cashbox, or the page Payme shows for what is wrong. */
  async function checkout(request: FastifyRequest, reply: FastifyReply) {
    const encoded = (request.params as { '*': string })['*'];
    const decoded = decodeCheckout(encoded);
    if ('error' in decoded) return { answered: refused(reply, decoded.error, 400) };
    const { params } = decoded;
    const merchant = await paymeMerchant(app.db, params.merchantId, params.account.order_id ?? '');
    if (!merchant) return { answered: refused(reply, PAYME_CHECKOUT_ERRORS.merchantUnknown, 404, params.returnUrl) };
    return { params, merchant, path: `/dev/payme/${encoded}` };
  }

  app.get('/dev/payme', hidden, (_request, reply) => transactions(reply));
  app.get('/dev/payme/*', hidden, async (request, reply) => {
    if ((request.params as { '*': string })['*'] === '') return transactions(reply);
    const found = await checkout(request, reply);
    if ('answered' in found) return found.answered;
    const { params, merchant, path } = found;
    return sendPage(reply, {
      provider: 'payme',
      title: TITLE,
      body: checkoutBody(path, params, merchant),
      formTargets: [webOrigin(params.returnUrl) ?? ''].filter(Boolean),
    });
  });

  app.post('/dev/payme/*', hidden, async (request, reply) => {
    const found = await checkout(request, reply);
    if ('answered' in found) return found.answered;
    const { params, merchant, path } = found;
    const back = webOrigin(params.returnUrl) ? params.returnUrl : undefined;
    const action = formOf(request).action;
    if (action === 'refuse') {
      return sendPage(reply, {
        provider: 'payme',
        title: TITLE,
        status: 402,
        body: html`${errorCard(PAYME_CHECKOUT_ERRORS.cardRefused.code, PAYME_CHECKOUT_ERRORS.cardRefused.text)}
<div class="actions"><a class="button primary" href="${path}">Boshqa karta bilan to'lash</a>
${back ? html`<a class="button secondary" href="${back}">Menyuga qaytish</a>` : ''}</div>`,
      });
    }
    if (action !== 'pay' && action !== 'cancel') {
      return sendPage(reply, { provider: 'payme', title: TITLE, status: 400, body: errorCard('', "Noma'lum amal.") });
    }
    const origin = ownOrigin(app);
    if (!origin) return refused(reply, PAYME_CHECKOUT_ERRORS.serviceDown, 503, back);
    const run = {
      endpoint: paymeEndpoint(origin, merchant),
      ledger,
      restaurantId: merchant.restaurantId,
      restaurantName: merchant.name,
      account: params.account,
      amount: params.amount,
      returnUrl: params.returnUrl,
    };
    const error = action === 'pay' ? await payThroughPayme(run) : await cancelThroughPayme(run);
    if (error) return merchantRefused(reply, error, back);
    if (back) return reply.redirect(back, 303);
    return sendPage(reply, {
      provider: 'payme',
      title: TITLE,
      body: doneCard(action === 'pay' ? "To'lov amalga oshirildi" : "To'lov bekor qilindi"),
    });
  });

  // A refund from the list: CancelTransaction of a performed transaction, as the sandbox's "cancel after perform".
  app.post('/dev/payme', hidden, async (request, reply) => {
    const transaction = ledger.get(formOf(request).refund ?? '');
    if (!transaction) {
      return transactions(reply, errorCard(PAYME_CHECKOUT_ERRORS.badField.code, 'Bunday tranzaksiya topilmadi.'), 404);
    }
    const origin = ownOrigin(app);
    const merchant = await merchantOf(app.db, transaction.restaurantId);
    if (!origin || !merchant) {
      const { code, text } = PAYME_CHECKOUT_ERRORS.serviceDown;
      return transactions(reply, errorCard(code, text), 503);
    }
    const error = await cancel(paymeEndpoint(origin, merchant), transaction, CANCEL_REASON.refund);
    if (error) return transactions(reply, errorCard(error.code, rpcErrorText(error)), 409);
    return reply.redirect('/dev/payme', 303);
  });

  function transactions(reply: FastifyReply, notice?: ReturnType<typeof errorCard>, status = 200) {
    return sendPage(reply, {
      provider: 'payme',
      title: 'Payme tranzaksiyalari',
      status,
      body: transactionsBody(ledger.list(), notice),
    });
  }

  /** The merchant's refusal as Payme's checkout shows it: the code and the merchant's own Uzbek text. */
  function merchantRefused(reply: FastifyReply, error: RpcError, back: string | undefined) {
    return sendPage(reply, {
      provider: 'payme',
      title: TITLE,
      status: 409,
      body: errorCard(error.code, rpcErrorText(error), back ? { href: back, label: 'Menyuga qaytish' } : undefined),
    });
  }
}
