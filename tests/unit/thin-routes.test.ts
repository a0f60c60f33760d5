import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Routes are a thin floor: parse, authorize, call one use case, answer. A write's transaction and what follows its
 * commit (the menu's caches dropped, the outbox woken, files removed) belong to the use case's unit of work
 * (server/domain/unit-of-work.ts), so a route that opens a transaction, announces a change or writes through a
 * repository itself is refused here.
 */
const root = join(import.meta.dirname, '..', '..');
const FORBIDDEN: Array<[RegExp, string]> = [
  [/\.transaction\(/, 'opens a transaction'],
  [/\bmenuChanged\(/, 'announces a menu change'],
  [/telegram\.wake\b/, 'wakes the outbox sender'],
  [/\banswerDeleted\(/, 'finishes a delete itself'],
  // A repository's write named as writes are (createX, saveX, …) handed the app's database: a write outside any use case.
  [
    /\b(?:create|update|delete|save|set|choose|change|insert|remove|mark|record)[A-Z]\w*\(app\.db\b/,
    'writes outside a use case',
  ],
];

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each forbidden call a source makes, as `file: what`. */
function routeFaults(file: string, text: string): string[] {
  return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${file}: ${what}`);
}

describe('thin routes', () => {
  it('no route opens a transaction, announces a menu change, wakes the outbox, finishes a delete or writes itself', () => {
    const files = sources(join(root, 'server', 'routes'));
    expect(files.length).toBeGreaterThan(20);
    const faults = files.flatMap((file) => routeFaults(relative(root, file), readFileSync(file, 'utf8')));
    expect(faults).toEqual([]);
  });

  it('catches each of them', () => {
    expect(routeFaults('r.ts', 'await app.db.transaction(async (tx) => {})')).toEqual(['r.ts: opens a transaction']);
    expect(routeFaults('r.ts', 'app.menuChanged(id);')).toEqual(['r.ts: announces a menu change']);
    expect(routeFaults('r.ts', 'app.telegram.wake();')).toEqual(['r.ts: wakes the outbox sender']);
    expect(routeFaults('r.ts', 'return answerDeleted(app, dir, d, M);')).toEqual(['r.ts: finishes a delete itself']);
    expect(routeFaults('r.ts', 'await saveTelegramStaff(app.db, id, staff);')).toEqual([
      'r.ts: writes outside a use case',
    ]);
    expect(routeFaults('r.ts', 'await updateManager(app.db, id, changes);')).toEqual([
      'r.ts: writes outside a use case',
    ]);
    expect(routeFaults('r.ts', 'await placeOrder(deps, input);')).toEqual([]);
    expect(routeFaults('r.ts', 'await listManagers(app.db);')).toEqual([]);
  });
});
