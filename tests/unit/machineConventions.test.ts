import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The machines' conventions (ARCHITECTURE.md, example 1): every promise actor is a `fromPromise` in a
 * `<feature>/<name>.actors.ts`, so a machine file is only its states; and guards and actions take the event's data as
 * params instead of asking `event.type` again (a re-check no test can tell apart from `true`).
 */

const root = join(import.meta.dirname, '..', '..');
const machineFiles = (dir = join(root, 'machines')): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(path);
    return entry.name.endsWith('.ts') ? [relative(root, path)] : [];
  });
const filesWhere = (test: (text: string) => boolean) =>
  machineFiles().filter((file) => test(readFileSync(join(root, file), 'utf8')));

describe('machine conventions', () => {
  it('read the machines folder', () => {
    expect(machineFiles().filter((file) => file.endsWith('.machine.ts')).length).toBeGreaterThan(20);
  });

  it('every fromPromise lives in a *.actors.ts', () => {
    const inline = filesWhere((text) => /\bfromPromise\s*[<(]/.test(text)).filter((f) => !f.endsWith('.actors.ts'));
    expect(inline).toEqual([]);
  });

  it('no guard or action re-checks event.type', () => {
    expect(filesWhere((text) => /\bevent\.type\b/.test(text))).toEqual([]);
  });
});
