import type { Import } from './imports';

/**
 * Import circles: groups of files that reach each other through imports, type-only ones included (a circle of types
 * is still two modules that cannot be understood, moved or tested one without the other). An `import()` call is left
 * out: it loads on demand, which is how the server keeps demo mode's code apart. Each circle is its files, sorted;
 * the circles are sorted by their first file.
 */
export function importCircles(imports: readonly Import[]): string[][] {
  const moduleOf = (path: string) => path.replace(/\.(ts|tsx|mts)$/, '');
  const files = new Set(imports.map((i) => moduleOf(i.from)));
  const resolve = (target: string) =>
    files.has(target) ? target : files.has(`${target}/index`) ? `${target}/index` : undefined;
  const next = new Map<string, Set<string>>([...files].map((file) => [file, new Set<string>()]));
  for (const i of imports) {
    if (!i.ours || i.dynamic) continue;
    const target = resolve(i.target);
    if (target !== undefined) next.get(moduleOf(i.from))?.add(target);
  }
  return stronglyConnected(next)
    .filter((group) => group.length > 1 || next.get(group[0] ?? '')?.has(group[0] ?? ''))
    .map((group) => group.sort())
    .sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** Tarjan's strongly connected components, iterative (a deep import chain must not overflow the stack). */
function stronglyConnected(next: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const root of next.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; rest: string[] }> = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, rest: [...(next.get(node) ?? [])] });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const child = frame.rest.shift();
      if (child !== undefined) {
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}
