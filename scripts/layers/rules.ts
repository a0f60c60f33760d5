import type { Import } from './imports';

/**
 * Which way the imports of the house may point (README, Repository layout):
 *
 *   src → machines → client → server/schemas (types only); web-menu → lib; lib/ under all of them and under
 *   server/, which never imports web-menu/ (it bundles it from its path at start).
 *
 * Inside src/ the same holds one floor finer: the route table (src/router, main.tsx) sits on top of the screens
 * (src/features), which sit on the app-wide context (src/app: session provider, paths) and the shared pieces
 * (src/components); and the screens' folders stand apart: a feature never imports another feature (what two share
 * lives in src/components or src/app). A file belongs to the longest layer path that contains it.
 */
export interface Layer {
  path: string;
  /** Folders of ours this layer's code may import. */
  imports: readonly string[];
  /** Folders of ours it may take types from and nothing that runs (the client's API shapes are the server's schemas). */
  typesFrom?: readonly string[];
  /** React belongs to src/ alone: machines, the client, lib/ and the server must run without a DOM. */
  noReact?: boolean;
  /** Each subfolder stands alone: its files import their own subfolder of this layer, never a sibling's. */
  apart?: boolean;
  /** Folders above this one inside an allowed folder (the server's floors: routes → domain → repositories → db). */
  refuses?: readonly string[];
  /**
   * Folders inside an allowed folder this layer may reach only through an `import()` call, never a static import nor a
   * type: demo mode's code (server/dev), loaded when demo mode is on, so a production start loads none of it
   * (tests/server/server-start.test.ts records the modules of both starts).
   */
  onDemand?: readonly string[];
}

const PANEL_BELOW_VIEWS = ['machines', 'client', 'lib'];
const DEMO_CODE = ['server/dev'];

export const LAYERS: readonly Layer[] = [
  { path: 'src', imports: ['src', ...PANEL_BELOW_VIEWS] },
  { path: 'src/features', imports: ['src/features', 'src/app', 'src/components', ...PANEL_BELOW_VIEWS], apart: true },
  { path: 'src/app', imports: ['src/app', 'src/components', ...PANEL_BELOW_VIEWS] },
  { path: 'src/components', imports: ['src/components', ...PANEL_BELOW_VIEWS] },
  { path: 'machines', imports: ['machines', 'client', 'lib'], noReact: true },
  { path: 'client', imports: ['client', 'lib'], typesFrom: ['server/schemas'], noReact: true },
  { path: 'lib', imports: ['lib'], noReact: true },
  /** The diner's browser code, bundled into the menu's ordering script: the DOM and lib/ only, no framework. */
  { path: 'web-menu', imports: ['web-menu', 'lib'], noReact: true },
  { path: 'server', imports: ['server', 'lib'], noReact: true, onDemand: DEMO_CODE },
  /** The simulators, the demo seed and the benchmark data: they use the server, the server loads them on demand. */
  { path: 'server/dev', imports: ['server', 'lib'], noReact: true },
  /** The server's Uzbek sentences: a leaf every floor may read, so it imports nothing of the server's. */
  { path: 'server/messages', imports: ['server/messages', 'lib'], noReact: true },
  // The server's floors: a use case never reaches up into the HTTP layer, a query never up into a use case.
  {
    path: 'server/domain',
    imports: ['server', 'lib'],
    noReact: true,
    refuses: ['server/routes', 'server/plugins'],
    onDemand: DEMO_CODE,
  },
  {
    path: 'server/repositories',
    imports: ['server', 'lib'],
    noReact: true,
    refuses: ['server/routes', 'server/plugins', 'server/domain'],
    onDemand: DEMO_CODE,
  },
];

/** The folders whose files are checked. */
export const LAYERED_FOLDERS = ['src', 'machines', 'client', 'lib', 'web-menu', 'server'] as const;

const REACT_PACKAGE = /^(react|react-dom|react-.+|@xstate\/react|@testing-library\/.+)(\/.*)?$/;

const within = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);

/** The layer a file belongs to, or undefined for files outside every layer (tests, scripts, configuration). */
export function layerOf(file: string): Layer | undefined {
  let best: Layer | undefined;
  for (const layer of LAYERS) {
    if (within(file, layer.path) && (!best || layer.path.length > best.path.length)) best = layer;
  }
  return best;
}

/** One sentence per import that points the wrong way; empty when the house keeps its directions. */
export function layerViolations(imports: readonly Import[]): string[] {
  const violations: string[] = [];
  for (const item of imports) {
    const layer = layerOf(item.from);
    if (!layer) continue;
    const problem = problemOf(layer, item);
    if (problem) violations.push(`${item.from} → ${item.target}${item.typeOnly ? ' (type)' : ''}: ${problem}`);
  }
  return violations;
}

function problemOf(layer: Layer, item: Import): string | undefined {
  if (!item.ours) {
    return layer.noReact && REACT_PACKAGE.test(item.target) ? `${layer.path}/ must not import React` : undefined;
  }
  if (layer.apart && within(item.target, layer.path)) {
    const own = `${layer.path}/${item.from.slice(layer.path.length + 1).split('/')[0]}`;
    if (!within(item.target, own)) {
      return `${own}/ must not import another folder of ${layer.path}/ (move what they share to src/components or src/app)`;
    }
  }
  const above = layer.refuses?.find((folder) => within(item.target, folder));
  if (above) return `${layer.path}/ must not import ${above}/ (it sits above)`;
  const onDemand = layer.onDemand?.find((folder) => within(item.target, folder));
  if (onDemand && !item.dynamic) {
    return `${layer.path}/ may load ${onDemand}/ only with import() when demo mode is on (a production start loads none of it)`;
  }
  if (layer.imports.some((folder) => within(item.target, folder))) return undefined;
  const typesFrom = layer.typesFrom ?? [];
  if (typesFrom.some((folder) => within(item.target, folder))) {
    return item.typeOnly
      ? undefined
      : `${layer.path}/ may take only types from ${typesFrom.join(', ')} (use import type)`;
  }
  const allowed = [...layer.imports, ...typesFrom.map((folder) => `${folder} (types)`)].join(', ');
  return `${layer.path}/ may import only ${allowed}`;
}
