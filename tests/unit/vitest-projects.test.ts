import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_UI_FILES, replacesForTheFilesAfter } from '../support/module-mocking-files';

/**
 * The API and screen projects share one module graph per worker (vitest.config.ts): a file that replaces a module
 * or a global for the whole file must run in the isolated UI project, or its replacement reaches the files after it.
 */
const root = join(import.meta.dirname, '../..');

function testFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => relative(root, join(root, folder, name)));
}

const replacing = (file: string) => replacesForTheFilesAfter(readFileSync(join(root, file), 'utf8'));

describe('test files that replace a module', () => {
  it('run in the isolated UI project, and the list names only such files', () => {
    expect([...testFiles('tests/ui').filter(replacing)].sort()).toEqual([...MODULE_MOCKING_UI_FILES].sort());
  });

  it('are never API test files (the server project has no isolated twin)', () => {
    expect(testFiles('tests/server').filter(replacing)).toEqual([]);
  });
});
