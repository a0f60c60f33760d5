import { register } from 'node:module';

/**
 * `node --import tsx --import ./tests/support/module-record.ts <entry>` with MODULE_RECORD=<file>: appends the URL of
 * every module the process resolves to that file, one a line, so a test can see what a start loaded (and what not).
 */
const file = process.env.MODULE_RECORD;
if (!file) throw new Error('module-record: MODULE_RECORD names no file to record the modules in');
register('./module-record-hooks.ts', import.meta.url, { data: { file } });
