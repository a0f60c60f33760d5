import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../errors';
import { MenuCache } from '../../menu/cache';
import { CARD_SCRIPT, renderCardPage, renderCardSheets, renderStaffOnlyPage, STAFF_ONLY } from '../../menu/card';
import { findActiveRestaurant, loadMenu, slugExists } from '../../menu/data';
import type { FilterQuery } from '../../menu/filters';
import { connectingToSelf, matchesIfNoneMatch, pageSecurityPolicy, scriptHash, sendVariant } from '../../menu/http';
import {
  type LanguageRequest,
  languageAnswer,
  languageCookieHeader,
  MENU_LANGUAGES,
  negotiateLanguage,
} from '../../menu/language';
import { renderNotFoundPage } from '../../menu/not-found';
import { PrintPasses } from '../../menu/print-pass';
import { menuUrl, qrFileName, qrPng, qrSvg, requestOrigin, tableMenuUrl } from '../../menu/qr';
import {
  MenuCardQuery,
  MenuCardsQuery,
  MenuDataAnswer,
  MenuDataQuery,
  MenuPageQuery,
  MenuSlugParams,
  MenuSlugQuery,
  QrQuery,
} from '../../menu/schema';
import { MENU_SCRIPT, MENU_SCRIPT_WITH_CHIPS } from '../../menu/script';
import { makeVariant, type Variant } from '../../menu/variant';
import { messages } from '../../messages';
import { findOrderingRestaurant } from '../../repositories/orders';
import { slugKey } from '../../repositories/restaurants';
import { findRestaurantTable, listTables } from '../../repositories/tables';
import { errors } from '../../schemas/common';
import { resolveJwtSecret } from '../../secrets';
import type { RouteOptions } from '../options';
import { registerMenuStats } from './stats';
import { orderPageSecurityPolicy, orderScriptRoute, tablePage } from './table-page';

const HTML = 'text/html; charset=utf-8';

/**
 * The public menu (no login): the page diners open from the QR code, its data as JSON, the QR codes and the
 * printable table card. Pages and JSON are served from an in-memory cache that every menu write invalidates.
 * `/menu/{slug}` is the short form of `/menu?slug=`; the fixed paths (`data`, `card`, `qr.svg`, `qr.png`) win over it.
 */
export const menuRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config }) => {
  const cache = new MenuCache((slug) => loadMenu(app.db, slug), undefined, undefined, app.menuCacheMemory);
  app.onMenuChanged((restaurantId) => cache.invalidate(restaurantId));
  registerMenuStats(app, cache);

  const notFoundPages = new Map<string, Variant>();
  for (const lang of MENU_LANGUAGES) notFoundPages.set(lang, await makeVariant(renderNotFoundPage(lang)));
  // A page's policy names its own script only: the one with the filter chips' code when its menu offers chips.
  const policies = (script: string) => ({
    // The menu's script tells the owner's report what diners opened and missed (menu/stats.ts).
    menu: connectingToSelf(pageSecurityPolicy([scriptHash(script)])),
    order: orderPageSecurityPolicy(scriptHash(script)),
  });
  const withoutChips = policies(MENU_SCRIPT);
  const withChips = policies(MENU_SCRIPT_WITH_CHIPS);
  await app.register(orderScriptRoute);
  const plainCsp = pageSecurityPolicy([]);
  const cardCsp = pageSecurityPolicy([scriptHash(CARD_SCRIPT)]);
  const baseUrl = (request: FastifyRequest) => config.publicUrl ?? requestOrigin(request);
  /** What shows a table's code (its token) needs the staff's print pass (print-pass.ts). */
  const passes = new PrintPasses(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const sendStaffOnlyPage = (reply: FastifyReply) =>
    reply
      .code(403)
      .header('cache-control', 'no-store')
      .header('content-security-policy', plainCsp)
      .type(HTML)
      .send(renderStaffOnlyPage());
  // A table's card is its token: kept by no shared cache; the restaurant's own card is public.
  const sendCardPage = (reply: FastifyReply, page: string, ofTables: boolean) =>
    reply
      .header('cache-control', ofTables ? 'private, no-cache' : 'no-cache')
      .header('content-security-policy', cardCsp)
      .type(HTML)
      .send(page);

  /** What the language negotiation reads from a request, for a restaurant offering `offered`. */
  const languageRequest = (request: FastifyRequest, offered: readonly string[], lang: string | undefined) =>
    ({
      offered,
      query: lang,
      cookie: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
    }) satisfies LanguageRequest;

  /** An unknown restaurant has no languages of its own: the 404 page speaks whichever of ours the diner reads. */
  const sendNotFoundPage = (request: FastifyRequest, reply: FastifyReply, lang?: string) => {
    const asked = languageRequest(request, MENU_LANGUAGES, lang);
    const choice = negotiateLanguage(asked);
    return sendVariant(request, reply, notFoundPages.get(choice.lang)!, {
      contentType: HTML,
      status: 404,
      csp: plainCsp,
      language: choice.lang,
      vary: languageAnswer(asked, choice).vary,
    });
  };

  /**
   * The menu in the diner's language (language.ts decides). Vary names Accept-Language and Cookie only when they
   * decided it: a `?lang=` URL, or a restaurant with one language, is one page for everybody, which any cache may
   * keep under its URL. A pick from the switcher (`?lang=`) is remembered in a cookie; that answer is `private`.
   */
  const servePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string | undefined,
    { lang, table, tag, without }: { lang?: string; table?: string } & FilterQuery,
  ) => {
    const menu = slug ? await cache.get(slugKey(slug)) : undefined;
    if (!menu) return sendNotFoundPage(request, reply, lang);
    const { kind, tableId } = await tablePage(app.db, menu, table);
    const asked = languageRequest(request, menu.languages, lang);
    const choice = negotiateLanguage(asked);
    // The owner's report: counted in memory, written in batches (domain/insights/counter.ts).
    app.insights.add(menu.restaurantId, 'open', choice.lang);
    if (tableId) app.insights.add(menu.restaurantId, 'table_open', tableId);
    const answer = languageAnswer(asked, choice);
    if (answer.remember)
      reply.header('set-cookie', languageCookieHeader(answer.remember, request.protocol === 'https'));
    return sendVariant(request, reply, await menu.page(choice.lang, kind, { tag, without }), {
      contentType: HTML,
      csp: (menu.chips ? withChips : withoutChips)[kind === undefined || kind === 'lost' ? 'menu' : 'order'],
      language: choice.lang,
      vary: answer.vary,
      private: answer.remember !== undefined,
    });
  };

  const pageSchema = {
    tags: ['menu'],
    summary: 'The public menu page (HTML)',
    description:
      "Server-rendered, works without JavaScript. In the diner's language: `lang` when the restaurant offers it " +
      '(otherwise its first language); without `lang`, the language picked earlier (cookie `menyu_lang`, set when a ' +
      "`lang` link is followed), else the best match of Accept-Language, else the restaurant's first language. " +
      'ETag per language + `cache-control: no-cache`: answers 304 to a matching If-None-Match; `Vary` names ' +
      'Accept-Language and Cookie when they decided the language. Unknown or inactive restaurant: a 404 HTML page ' +
      "(in the diner's language, Uzbek by default). Filter chips: `tag` and `without` (repeatable) render the page with " +
      'the dishes that do not match hidden; values the page offers no chip for are ignored.',
    response: {
      200: { description: 'The menu page', content: { 'text/html': { schema: { type: 'string' } } } },
      ...errors(400),
      404: { description: 'Unknown or inactive restaurant', content: { 'text/html': { schema: { type: 'string' } } } },
    },
  };
  // compress: false — the cache keeps gzip and brotli bodies ready; @fastify/compress would compress them again.
  app.get('/menu', { schema: { ...pageSchema, querystring: MenuPageQuery }, compress: false }, (request, reply) =>
    servePage(request, reply, request.query.slug, request.query),
  );
  app.get(
    '/menu/:slug',
    { schema: { ...pageSchema, params: MenuSlugParams, querystring: MenuSlugQuery }, compress: false },
    (request, reply) => servePage(request, reply, request.params.slug, request.query),
  );

  app.get(
    '/menu/data',
    {
      schema: {
        tags: ['menu'],
        summary: 'The public menu as JSON (same data, order and ETag rules as the page)',
        description:
          'In Uzbek (Latin), exactly as the spec describes it; with `lang`, the texts in that language when the ' +
          'restaurant offers it (otherwise in its first language), each falling back to Uzbek.',
        querystring: MenuDataQuery,
        response: { 200: MenuDataAnswer, ...errors(400, 404) },
      },
      compress: false,
    },
    async (request, reply) => {
      const menu = await cache.get(slugKey(request.query.slug));
      if (!menu) throw notFound(messages.restaurantNotFound);
      // A program gets what it asks for: no cookie or browser language here, Uzbek unless `lang` says otherwise.
      const lang =
        request.query.lang === undefined
          ? 'uz'
          : negotiateLanguage({ offered: menu.languages, query: request.query.lang }).lang;
      return sendVariant(request, reply, await menu.json(lang), {
        contentType: 'application/json; charset=utf-8',
        language: lang,
      });
    },
  );

  /**
   * QR codes are served for every existing restaurant, active or not: they contain only the menu URL, and a
   * restaurant prints its cards before it opens. An unknown slug is a 404 (nothing to point at).
   */
  const sendQr = async (
    request: FastifyRequest<{ Querystring: { slug: string; table?: string; pass?: string; download?: '1' | '0' } }>,
    reply: FastifyReply,
    kind: 'svg' | 'png',
  ) => {
    const { download } = request.query;
    const slug = slugKey(request.query.slug);
    let url: string;
    let table: { _id: string; name: string } | undefined;
    if (request.query.table === undefined) {
      if (!(await slugExists(app.db, slug))) throw notFound(messages.restaurantNotFound);
      url = menuUrl(baseUrl(request), slug);
    } else {
      // A table's code: any table of the restaurant, on or off, never another's; it is the table's token, so the
      // staff's print pass is asked for before anything about the table is told.
      const restaurant = await findOrderingRestaurant(app.db, slug);
      if (!restaurant) throw notFound(messages.restaurantNotFound);
      if (!passes.valid(request.query.pass, restaurant._id)) throw forbidden(STAFF_ONLY);
      const found = await findRestaurantTable(app.db, restaurant._id, request.query.table);
      if (!found) throw notFound(messages.tableNotFound);
      table = found;
      url = tableMenuUrl(baseUrl(request), slug, found.token);
    }
    const body = kind === 'svg' ? Buffer.from(await qrSvg(url)) : await qrPng(url);
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    reply
      // A table's code is its token: no shared cache may keep it.
      .header('cache-control', table ? 'private, no-cache' : 'no-cache')
      .header('etag', etag)
      .header(
        'content-disposition',
        `${download === '1' ? 'attachment' : 'inline'}; filename="${qrFileName(slug, kind, table)}"`,
      )
      // An SVG opened directly is a document: it may draw, never run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag.slice(1, -1))) return reply.code(304).send();
    return reply.type(kind === 'svg' ? 'image/svg+xml' : 'image/png').send(body);
  };
  const qrSchema = (kind: string) => ({
    tags: ['menu'],
    summary: `The QR code of the menu URL as ${kind.toUpperCase()}`,
    description:
      'Encodes `<PUBLIC_URL or the request origin>/menu?slug=<slug>`. Any existing restaurant, even inactive. With ' +
      '`table` (the id of one of its tables, active or not): `<…>/menu/<slug>?table=<token>`, the page to order ' +
      "from; only with the staff's `pass` (from `GET /manager/tables`: 403 without it or with another " +
      "restaurant's), and a table of another restaurant or an unknown one is a 404.",
    querystring: QrQuery,
    response: {
      200: {
        description: `The QR code (${kind.toUpperCase()})`,
        content: { [kind === 'svg' ? 'image/svg+xml' : 'image/png']: { schema: { type: 'string', format: 'binary' } } },
      },
      ...errors(400, 403, 404),
    },
  });
  app.get('/menu/qr.svg', { schema: qrSchema('svg') }, (request, reply) => sendQr(request, reply, 'svg'));
  app.get('/menu/qr.png', { schema: qrSchema('png') }, (request, reply) => sendQr(request, reply, 'png'));

  app.get(
    '/menu/card',
    {
      schema: {
        tags: ['menu'],
        summary: 'A printable A6 table card (HTML): name, logo and the QR code',
        description:
          'Only for an active restaurant (it shows its name and logo); otherwise the 404 page. With `table` (the id ' +
          "of one of its tables) and the staff's `pass` (from `GET /manager/tables`; without it a 403 page): the " +
          "card names the table and its code opens the table's page; an unknown table, the 404 page.",
        querystring: MenuCardQuery,
        response: {
          200: { description: 'The card page', content: { 'text/html': { schema: { type: 'string' } } } },
          ...errors(400),
          403: {
            description: "A table's card without the staff's pass",
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          404: {
            description: 'Unknown or inactive restaurant',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const slug = request.query.slug;
      const restaurant = slug ? await findActiveRestaurant(app.db, slug) : undefined;
      if (!restaurant) return sendNotFoundPage(request, reply, request.query.lang);
      const tableId = request.query.table;
      if (tableId !== undefined && !passes.valid(request.query.pass, restaurant._id)) return sendStaffOnlyPage(reply);
      const table = tableId === undefined ? undefined : await findRestaurantTable(app.db, restaurant._id, tableId);
      if (tableId !== undefined && !table) return sendNotFoundPage(request, reply, request.query.lang);
      const url = table
        ? tableMenuUrl(baseUrl(request), restaurant.slug, table.token)
        : menuUrl(baseUrl(request), restaurant.slug);
      return sendCardPage(reply, renderCardPage(restaurant, url, await qrSvg(url), table?.name), table !== undefined);
    },
  );

  app.get(
    '/menu/cards',
    {
      schema: {
        tags: ['menu'],
        summary: "Every active table's A6 card, four to an A4 page (HTML)",
        description:
          "Each card names its table and its QR code opens that table's page (`/menu/<slug>?table=<token>`); tables " +
          'in their list order, switched-off ones left out. Only for an active restaurant (otherwise the 404 page), ' +
          "and only with the staff's `pass` from `GET /manager/tables` (otherwise a 403 page).",
        querystring: MenuCardsQuery,
        response: {
          200: { description: 'The cards, A4 sheets', content: { 'text/html': { schema: { type: 'string' } } } },
          ...errors(400),
          403: {
            description: "A table's card without the staff's pass",
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          404: {
            description: 'Unknown or inactive restaurant',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const slug = request.query.slug;
      const restaurant = slug ? await findActiveRestaurant(app.db, slug) : undefined;
      if (!restaurant) return sendNotFoundPage(request, reply, request.query.lang);
      if (!passes.valid(request.query.pass, restaurant._id)) return sendStaffOnlyPage(reply);
      const base = baseUrl(request);
      const tables = await listTables(app.db, restaurant._id, { activeOnly: true });
      const cards = await Promise.all(
        tables.map(async (table) => {
          const url = tableMenuUrl(base, restaurant.slug, table.token);
          return { url, svg: await qrSvg(url), table: table.name };
        }),
      );
      return sendCardPage(reply, renderCardSheets(restaurant, cards), true);
    },
  );
};
