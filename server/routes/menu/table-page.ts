import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/client';
import type { CachedMenu } from '../../menu/cache';
import { connectingToSelf, negotiateEncoding, pageSecurityPolicy } from '../../menu/http';
import type { OrderPage } from '../../menu/order-page';
import { ORDER_SCRIPT, ORDER_SCRIPT_PATH } from '../../menu/order-script';
import { makeVariant } from '../../menu/variant';
import { findTableForOrder } from '../../repositories/tables';

/**
 * The public menu opened from a table's QR code: `/menu/{slug}?table={id}`.
 *
 * Which page: without `?table=`, or with ordering off, exactly the plain page. With ordering on, the table is looked
 * up on every request (one indexed read: a table switched off stops taking orders at once, with no cache to clear):
 * an active table of this restaurant gets the ordering page, anything else (unknown, malformed, switched off, another
 * restaurant's) the plain page with a "table not found" note. The pages themselves are cached per language and kind;
 * the ordering page names the table (its name, never its id), its script reads the table from the URL. The table's id
 * comes with it for the owner's report (menu opens per table).
 */
export async function tablePage(
  db: Executor,
  menu: CachedMenu,
  table: string | undefined,
): Promise<{ kind: OrderPage | undefined; tableId?: string }> {
  if (table === undefined || !menu.orderingEnabled) return { kind: undefined };
  const found = await findTableForOrder(db, menu.restaurantId, table);
  return found?.is_active ? { kind: { table: found.name }, tableId: found._id } : { kind: 'lost' };
}

/**
 * The ordering page's CSP: the menu's own inline script by hash, as on the plain page, plus scripts from this origin
 * (the ordering script is a file: its tag also carries Subresource Integrity) and `connect-src 'self'` for the
 * order, status and call requests. Nothing else is loosened.
 */
export function orderPageSecurityPolicy(menuScriptHash: string): string {
  return connectingToSelf(pageSecurityPolicy([menuScriptHash, "'self'"]));
}

/**
 * The ordering script itself, precompressed once, cached for a year: its URL names its hash, so a new build is a new
 * URL and an old page keeps the script it was written for for as long as this process serves it.
 */
export const orderScriptRoute: FastifyPluginAsync = async (app) => {
  const variant = await makeVariant(ORDER_SCRIPT);
  app.get(
    ORDER_SCRIPT_PATH,
    {
      // Not in the API document: a file of the page, not a call (its path changes with every build of the script).
      schema: { hide: true },
      compress: false,
    },
    (request, reply) => {
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
        .type('text/javascript; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? variant.br : encoding === 'gzip' ? variant.gzip : variant.identity);
    },
  );
};
