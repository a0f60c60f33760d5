import {
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  getInitialSnapshot,
  getNextSnapshot,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type StatePath, TestModel } from 'xstate/graph';

/**
 * Model-based paths, shared by every machine's tests and by `npm run paths`.
 *
 * A PathModel names a machine, the sample events its traversal tries in every state (including the done/error
 * events of its invokes, `xstate.done.actor.<id>` / `xstate.error.actor.<id>`) and what makes two snapshots the same
 * state. `generatePaths` gives the shortest path to every state (getShortestPaths from xstate/graph), minus the
 * paths that are a prefix of another. `runPathOnScreen` walks one path on the RENDERED screen: each event has a
 * fixture that performs it (a click, typing) or, for a call's outcome, arranges it one step ahead (hold the call,
 * make it fail) and then waits for it; after every step the screen is checked against the model's state.
 */

export type ModelEvent = EventObject & Record<string, unknown>;

/** The done/error event types of invokes with these ids. */
export type ActorEventType<Id extends string> = `xstate.done.actor.${Id}` | `xstate.error.actor.${Id}`;
/** Every event type a path of this machine can contain: its own events and its invokes' outcomes. */
export type PathEventType<E extends EventObject, Id extends string> = E['type'] | ActorEventType<Id>;

export interface PathModel<M extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: M;
  input?: InputFrom<M>;
  /** Sample events tried in every state (the traversal keeps those the state accepts). */
  events: ModelEvent[];
  /**
   * Identity of a state for path generation. Default (`byTransition`): the state value together with the
   * transition that reached it, so the shortest paths walk every transition, not only reach every state.
   */
  serializeState?: (snapshot: SnapshotFrom<M>, event: EventObject | undefined, previous?: SnapshotFrom<M>) => string;
  /** A readable step for the test plan; default: the event type and its payload. */
  describeEvent?: (event: ModelEvent) => string;
  /** Leaves out events the screens do not offer in a state (the model stays the machine; the UI is narrower). */
  filterEvents?: (snapshot: SnapshotFrom<M>, event: ModelEvent) => boolean;
}

export type ModelPath<M extends AnyStateMachine = AnyStateMachine> = StatePath<SnapshotFrom<M>, ModelEvent>;

const stateKey = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

/** A state is its value plus the transition (previous value and event type) that reached it. */
export function byTransition(
  snapshot: { value: unknown },
  event: EventObject | undefined,
  previous?: { value: unknown },
) {
  return previous && event ? `${stateKey(snapshot)} <- ${stateKey(previous)} ${event.type}` : stateKey(snapshot);
}

/** A state is its value only: paths reach every state (fewer paths, fewer transitions). */
export const byValue = (snapshot: { value: unknown }) => stateKey(snapshot);

function serializer<M extends AnyStateMachine>(model: PathModel<M>) {
  return (snapshot: SnapshotFrom<M>, event: EventObject | undefined, previous?: SnapshotFrom<M>) =>
    model.serializeState
      ? model.serializeState(snapshot, event, previous)
      : byTransition(snapshot as { value: unknown }, event, previous as { value: unknown } | undefined);
}

/** Only events the state accepts: an ignored event is no transition (and would only duplicate states). */
function acceptedEvents<M extends AnyStateMachine>(model: PathModel<M>) {
  return (snapshot: SnapshotFrom<M>, event: ModelEvent) =>
    (snapshot as unknown as { can(e: EventObject): boolean }).can(event) &&
    (model.filterEvents ? model.filterEvents(snapshot, event) : true);
}

const eventKey = (event: EventObject) => JSON.stringify(event, (_k, v) => (v instanceof Error ? v.message : v));

/** Shortest paths to every state, without the paths another path already walks through. */
export function generatePaths<M extends AnyStateMachine>(model: PathModel<M>): ModelPath<M>[] {
  const paths = getShortestPaths(model.machine, {
    events: model.events as never,
    serializeState: serializer(model) as never,
    filterEvents: acceptedEvents(model) as never,
    input: model.input,
  }) as unknown as ModelPath<M>[];
  const sequences = paths
    .map((path) => ({ path, keys: path.steps.map((s) => eventKey(s.event)) }))
    .sort((a, b) => b.keys.length - a.keys.length);
  const kept: typeof sequences = [];
  for (const candidate of sequences) {
    const isPrefix = kept.some((longer) => candidate.keys.every((key, i) => longer.keys[i] === key));
    if (!isPrefix) kept.push(candidate);
  }
  return kept.map((k) => k.path).sort((a, b) => a.steps.length - b.steps.length);
}

/** Every invoke id of a machine: each needs its done and error fixtures. */
export function invokeIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .flatMap((node: AnyStateNode) => node.invoke.map((inv: { id: string }) => inv.id))
    .sort();
}

/** A state left at once by an eventless (`always`) transition: never observed, so never tested. */
const isTransient = (node: AnyStateNode) => node.always !== undefined && node.always.length > 0;

/** The atomic (and final) states a machine can rest in, as dotted paths (`data.loading`). */
export function leafStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node: AnyStateNode) => (node.type === 'atomic' || node.type === 'final') && !isTransient(node))
    .map((node: AnyStateNode) => node.path.join('.'));
}

function activeLeaves(snapshot: unknown): string[] {
  return ((snapshot as { _nodes: AnyStateNode[] })._nodes ?? [])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'));
}

export interface Coverage {
  states: { all: string[]; covered: string[] };
  /** A transition: a state (as the model identifies it) and an event it accepts. */
  transitions: { all: string[]; covered: string[] };
}

/**
 * What the generated paths visit: the leaf states, and the transitions — a reachable state value with an event
 * it accepts (sample events of one type count as one transition).
 */
export function coverage<M extends AnyStateMachine>(model: PathModel<M>, paths: ModelPath<M>[]): Coverage {
  const serialize = (snapshot: unknown) => stateKey(snapshot as { value: unknown });
  const adjacency = getAdjacencyMap(model.machine, {
    events: model.events as never,
    serializeState: serialize as never,
    filterEvents: acceptedEvents(model) as never,
    input: model.input,
  });
  const all = new Set<string>();
  for (const [source, value] of Object.entries(adjacency)) {
    for (const transition of Object.values(value.transitions)) {
      all.add(`${source} --${(transition as { event: EventObject }).event.type}-->`);
    }
  }
  const covered = new Set<string>();
  const coveredStates = new Set<string>();
  for (const path of paths) {
    let previous: string | undefined;
    for (const step of path.steps) {
      for (const leaf of activeLeaves(step.state)) coveredStates.add(leaf);
      if (previous !== undefined && step.event.type !== 'xstate.init') {
        const edge = `${previous} --${step.event.type}-->`;
        if (all.has(edge)) covered.add(edge);
      }
      previous = serialize(step.state);
    }
    for (const leaf of activeLeaves(path.state)) coveredStates.add(leaf);
  }
  return {
    states: { all: leafStates(model.machine), covered: [...coveredStates].sort() },
    transitions: { all: [...all].sort(), covered: [...covered].sort() },
  };
}

function defaultDescribe(event: ModelEvent): string {
  const { type, ...payload } = event;
  const shown = Object.fromEntries(Object.entries(payload).filter(([key]) => key !== 'output' && key !== 'error'));
  if (type.startsWith('xstate.done.actor.')) return `call ${type.slice('xstate.done.actor.'.length)} succeeds`;
  if (type.startsWith('xstate.error.actor.')) return `call ${type.slice('xstate.error.actor.'.length)} fails`;
  return Object.keys(shown).length > 0 ? `${type} ${JSON.stringify(shown)}` : type;
}

/** A path as a tester reads it: `open → step → step ⇒ final state`. */
export function describePath<M extends AnyStateMachine>(model: PathModel<M>, path: ModelPath<M>): string[] {
  const describe = model.describeEvent ?? defaultDescribe;
  const lines = path.steps
    .filter((step) => step.event.type !== 'xstate.init')
    .map((step) => `${describe(step.event)}  →  ${activeLeaves(step.state).join(' + ')}`);
  return [`start  →  ${activeLeaves(path.steps[0]?.state ?? path.state).join(' + ')}`, ...lines];
}

/** A readable name for a path (the states it ends in). */
export function pathName<M extends AnyStateMachine>(model: PathModel<M>, path: ModelPath<M>, index: number): string {
  const describe = model.describeEvent ?? defaultDescribe;
  const events = path.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => describe(s.event));
  return `#${index + 1} ${events.join(' → ') || 'start'} ⇒ ${activeLeaves(path.state).join(' + ')}`;
}

/** The model's snapshots around a step: before the event and after it. */
export interface StepSnapshots {
  before: unknown;
  after: unknown;
}

/** How one event is produced on the rendered screen. */
export interface UiFixture<World> {
  /** Runs one step ahead, before the step whose action starts the call (hold it, make it fail…). */
  arrange?: (world: World, event: ModelEvent) => void | Promise<void>;
  /** Performs the event (click, type…) or waits for its effect (a call's outcome). */
  exec: (world: World, event: ModelEvent, step: StepSnapshots) => void | Promise<void>;
}

export interface RunPathOptions<M extends AnyStateMachine, World> {
  model: PathModel<M>;
  path: ModelPath<M>;
  /** One fixture per event type of the machine, including `xstate.done/error.actor.<id>` of every invoke. */
  fixtures: Record<string, UiFixture<World>>;
  /** One check per leaf state (dotted path): asserts the screen shows that state. */
  checks: Record<string, (world: World, snapshot: SnapshotFrom<M>) => void | Promise<void>>;
  world: World;
  /** Renders the screen (the `xstate.init` step). */
  start: (world: World) => void | Promise<void>;
  /**
   * Called just before the step that starts invoke `id` (a state entered with a call): hold that call, so the
   * screen can be checked while it is in flight; the call's done/error fixture then lets it go or fails it.
   */
  onInvoke?: (world: World, id: string) => void | Promise<void>;
}

/** Invokes a (replayed) step starts: running after it, and not running as the same actor before it. */
function startedInvokes(previous: unknown, current: unknown): string[] {
  const before = (previous as { children?: Record<string, unknown> } | undefined)?.children ?? {};
  const after = (current as { children?: Record<string, unknown> }).children ?? {};
  return Object.keys(after).filter((id) => after[id] && before[id] !== after[id]);
}

/** Throws unless every event type, invoke outcome and leaf state of the model has its fixture / check. */
export function assertComplete<M extends AnyStateMachine>(
  model: PathModel<M>,
  fixtures: Record<string, unknown>,
  checks: Record<string, unknown>,
): void {
  const needed = new Set<string>(model.events.map((e) => e.type));
  for (const id of invokeIds(model.machine)) {
    needed.add(`xstate.done.actor.${id}`);
    needed.add(`xstate.error.actor.${id}`);
  }
  const missingFixtures = [...needed].filter((type) => !(type in fixtures));
  const missingChecks = leafStates(model.machine).filter((state) => !(state in checks));
  if (missingFixtures.length || missingChecks.length) {
    throw new Error(
      `${model.name}: missing fixtures for ${missingFixtures.join(', ') || '—'}; missing checks for ${missingChecks.join(', ') || '—'}`,
    );
  }
}

/**
 * Walks one generated path on the rendered screen with TestModel.testPath. The path's events are replayed on the
 * machine from its initial snapshot, and fixtures and checks get those replayed snapshots: a generated path's own
 * snapshots may carry context from another traversal history that shares their serialization.
 */
export async function runPathOnScreen<M extends AnyStateMachine, World>(options: RunPathOptions<M, World>) {
  const { model, path, fixtures, checks, world, start, onInvoke } = options;
  assertComplete(model, fixtures, checks);
  const replayed: unknown[] = [];
  for (const [i, step] of path.steps.entries()) {
    const snapshot =
      i === 0
        ? getInitialSnapshot(model.machine, model.input as never)
        : getNextSnapshot(model.machine, replayed[i - 1] as never, step.event as never);
    if (stateKey(snapshot as { value: unknown }) !== stateKey(step.state as { value: unknown })) {
      throw new Error(
        `${model.name}: the path does not replay (step ${i}, ${step.event.type}): ${stateKey(snapshot as never)}`,
      );
    }
    replayed.push(snapshot);
  }
  const testModel = new TestModel(model.machine, {
    // A check key is a leaf state's dotted path; several run together in parallel states.
    stateMatcher: (snapshot, key) => activeLeaves(snapshot).includes(key),
    logger: { log: () => {}, error: () => {} },
  });
  let index = 0;
  const perform = async (step: { event: EventObject }) => {
    const i = index++;
    const previous = i > 0 ? replayed[i - 1] : undefined;
    const current = replayed[i];
    const next = path.steps[i + 1];
    if (onInvoke) for (const id of startedInvokes(previous, current)) await onInvoke(world, id);
    if (next) await fixtures[next.event.type]?.arrange?.(world, next.event as ModelEvent);
    if (step.event.type === 'xstate.init') await start(world);
    else await fixtures[step.event.type]!.exec(world, step.event as ModelEvent, { before: previous, after: current });
  };
  const events: Record<string, (step: { event: EventObject }) => Promise<void>> = { 'xstate.init': perform };
  for (const type of Object.keys(fixtures)) events[type] = perform;
  const states: Record<string, () => Promise<void>> = {};
  for (const [key, check] of Object.entries(checks)) {
    states[key] = async () => check(world, replayed[index - 1] as SnapshotFrom<M>);
  }
  await testModel.testPath(path as never, { events, states } as never);
}
