import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { schemaKeywords } from '../schemas/keywords';

/**
 * What the routes' schemas cannot say by themselves, derived once for the whole OpenAPI document (/docs/json) so that
 * it passes Redocly's recommended lint and a generated client gets usable names:
 *
 * - every operation gets a readable, stable `operationId` from its method and URL (unless its route sets one);
 * - a route that declares no `security` is public: `[]`, or "token optional" when it identifies an optional caller;
 * - a path the specification writes with a trailing slash is documented as the alias of its form without one;
 * - paths that differ only by their parameters' names are one path in OpenAPI;
 * - our own validator keywords become `x-` extensions (OpenAPI knows no `noControlCharacters`);
 * - `servers` names PUBLIC_URL when it is set, and always the server that serves the document.
 */

const METHOD_WORDS: Record<string, string> = {
  GET: 'get',
  POST: 'create',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
  HEAD: 'head',
  OPTIONS: 'options',
};

/** A last path segment that already says what the call does: `POST /admin/restaurants/create` needs no method word. */
const ACTION_SEGMENTS = new Set(['create', 'update', 'delete', 'login', 'logout', 'sync', 'upload', 'view']);

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A path parameter's name: `:id`, `:id(^\\d+)` or `{id}` → `id`. */
function parameterName(segment: string): string | undefined {
  if (segment.startsWith(':')) return segment.slice(1).replace(/\(.*$/, '');
  if (segment.startsWith('{') && segment.endsWith('}')) return segment.slice(1, -1);
  return undefined;
}

/**
 * `POST /admin/restaurants/create` → `adminRestaurantsCreate`, `GET /admin/managers` → `getAdminManagers`,
 * `PUT /manager/products/:id` → `updateManagerProductsById`, `GET /menu/qr.svg` → `getMenuQrSvg`,
 * `PUT /admin/integration/restaurants/:id/sync` → `adminIntegrationRestaurantsSyncById`.
 */
export function operationIdFor(method: string, url: string): string {
  const words: string[] = [];
  const parameters: string[] = [];
  let lastSegment = '';
  for (const segment of url.split('/').filter(Boolean)) {
    const parameter = parameterName(segment);
    if (parameter !== undefined) {
      parameters.push(parameter);
      continue;
    }
    lastSegment = segment.toLowerCase();
    words.push(...segment.split(/[^A-Za-z0-9]+/).filter(Boolean));
  }
  const verb = ACTION_SEGMENTS.has(lastSegment) ? [] : [METHOD_WORDS[method.toUpperCase()] ?? method.toLowerCase()];
  const [first = 'root', ...rest] = [...verb, ...words];
  const by = parameters.length > 0 ? `By${parameters.map(capitalize).join('And')}` : '';
  return first.charAt(0).toLowerCase() + first.slice(1) + rest.map(capitalize).join('') + by;
}

const runs = (hooks: unknown, hook: unknown) => hooks === hook || (Array.isArray(hooks) && hooks.includes(hook));

/** The security a route that declares none gets: public, or token optional if it identifies an optional caller. */
function derivedSecurity(app: FastifyInstance, route: RouteOptions): Array<Record<string, string[]>> {
  const identify: unknown = (app as { identify?: unknown }).identify;
  const optionalCaller =
    typeof identify === 'function' && (runs(route.onRequest, identify) || runs(route.preHandler, identify));
  return optionalCaller ? [{}, { bearerAuth: [] }] : [];
}

interface DocumentedSchema extends FastifySchema {
  hide?: boolean;
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  deprecated?: boolean;
  description?: string;
  'x-alias-of'?: string;
}

/** Only the form without the slash is the canonical path; `/x/` is its alias when both are routes. */
const withoutTrailingSlash = (url: string) => (url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : undefined);

/** find-my-way refuses to look up some shapes (`/docs/*` + `/`): such a URL has no twin. */
function routeExists(app: FastifyInstance, method: string, url: string): boolean {
  if (url.includes('*')) return false;
  try {
    return app.hasRoute({ method, url });
  } catch {
    return false;
  }
}

/** @fastify/swagger's `transform`: called for every route each time the document is built; never mutates the route. */
export function documentRoute(
  app: FastifyInstance,
  { schema, url, route }: { schema: FastifySchema | undefined; url: string; route: RouteOptions },
): { schema: FastifySchema; url: string } {
  const documented: DocumentedSchema = { ...(schema as DocumentedSchema | undefined) };
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const method = String(methods[0] ?? 'GET').toUpperCase();
  const canonical = withoutTrailingSlash(url);
  if (canonical !== undefined && !documented.hide && routeExists(app, method, canonical)) {
    const canonicalId = operationIdFor(method, canonical);
    documented.operationId ??= `${canonicalId}SpecAlias`;
    documented.deprecated = true;
    documented['x-alias-of'] = canonicalId;
    documented.description =
      `**Alias** of \`${method} ${canonical}\` with the trailing slash the specification writes; it answers the ` +
      `same and stays supported (deprecated only to point new clients at the canonical form).` +
      (documented.description ? `\n\n${documented.description}` : '');
  } else if (documented.hide && routeExists(app, method, `${url}/`)) {
    // The twin of a documented trailing-slash path, hidden so that /docs listed the spec's path once: it is the
    // canonical form, and the slash path is documented as its alias.
    documented.hide = false;
  }
  documented.operationId ??= operationIdFor(method, url);
  documented.security ??= derivedSecurity(app, route);
  return { schema: documented, url };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Our validator keywords, as `x-` extensions: OpenAPI's schema object allows no other unknown keys. */
export const CUSTOM_KEYWORDS: ReadonlySet<string> = new Set(
  schemaKeywords.flatMap((definition) => (typeof definition === 'string' ? [definition] : [definition.keyword].flat())),
);

function extendCustomKeywords(node: Json, namesMap = false): void {
  if (Array.isArray(node)) {
    for (const item of node) extendCustomKeywords(item);
    return;
  }
  if (!isObject(node)) return;
  for (const key of Object.keys(node)) {
    const value = node[key] as Json;
    if (!namesMap && CUSTOM_KEYWORDS.has(key) && !isObject(value) && !Array.isArray(value)) {
      delete node[key];
      node[`x-${key}`] = value;
      continue;
    }
    // Keys of these maps are names (a property could be called `notBlank`), their values are schemas again.
    extendCustomKeywords(value, !namesMap && (key === 'properties' || key === 'patternProperties'));
  }
}

/**
 * `/rows/{optionId}` and `/rows/{id}` are the same path to OpenAPI (and to a router): merged under the name most of
 * its operations use; a renamed parameter keeps its route name in its description.
 */
function mergeIdenticalPaths(paths: JsonObject): void {
  const byShape = new Map<string, string[]>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
  }
  for (const group of byShape.values()) {
    if (group.length < 2) continue;
    const operationCount = (path: string) => Object.keys(paths[path] as JsonObject).filter((k) => HTTP_METHODS.has(k));
    const target = [...group].sort((a, b) => operationCount(b).length - operationCount(a).length)[0]!;
    const targetNames = [...target.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const merged = paths[target] as JsonObject;
    for (const path of group) {
      if (path === target) continue;
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      for (const [key, value] of Object.entries(paths[path] as JsonObject)) {
        if (!HTTP_METHODS.has(key) || !isObject(value)) continue;
        if (merged[key] !== undefined) throw new Error(`OpenAPI: ${key.toUpperCase()} ${path} and ${target} collide`);
        renamePathParameters(value, names, targetNames);
        merged[key] = value;
      }
      delete paths[path];
    }
  }
}

function renamePathParameters(operation: JsonObject, from: string[], to: string[]): void {
  const parameters = operation.parameters;
  if (!Array.isArray(parameters)) return;
  for (const parameter of parameters) {
    if (!isObject(parameter) || parameter.in !== 'path' || typeof parameter.name !== 'string') continue;
    const index = from.indexOf(parameter.name);
    const name = to[index];
    if (index < 0 || name === undefined || name === parameter.name) continue;
    const note = `Named \`${parameter.name}\` in the route and the specification.`;
    parameter.description = typeof parameter.description === 'string' ? `${parameter.description}. ${note}` : note;
    parameter.name = name;
  }
}

/** Two routes could derive one name (`GET /a/create` and `POST /a/create`): later ones get a number. */
function uniqueOperationIds(paths: JsonObject): void {
  const seen = new Set<string>();
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !isObject(operation) || typeof operation.operationId !== 'string') continue;
      let id = operation.operationId;
      for (let n = 2; seen.has(id); n++) id = `${operation.operationId}${n}`;
      operation.operationId = id;
      seen.add(id);
    }
  }
}

/** @fastify/swagger's `transformObject`: works on a copy, so no route's schema object is ever touched. */
export function finishDocument(document: object, options: { publicUrl?: string | undefined }): JsonObject {
  const copy = JSON.parse(JSON.stringify(document)) as JsonObject;
  extendCustomKeywords(copy);
  if (isObject(copy.paths)) {
    mergeIdenticalPaths(copy.paths);
    uniqueOperationIds(copy.paths);
  }
  const here = { url: '/', description: 'The server that serves this document' };
  copy.servers = options.publicUrl
    ? [{ url: options.publicUrl.replace(/\/+$/, ''), description: 'PUBLIC_URL' }, here]
    : [here];
  return copy;
}
