import { describe, expect, it } from 'vitest';
import { importCircles } from '../../scripts/layers/circles';
import { importsOf } from '../../scripts/layers/imports';

/**
 * `npm run lint` refuses files that import each other in a circle (scripts/check-layers.ts over the whole tree); here
 * the rule on hand-written files.
 */

const circlesOf = (files: Record<string, string>) =>
  importCircles(Object.entries(files).flatMap(([file, text]) => importsOf(file, text)));

describe('import circles', () => {
  it('find a circle of type-only imports: a module that takes its callers’ types while they call it', () => {
    expect(
      circlesOf({
        'client/positions.ts':
          "import type { Category } from './categories';\nimport type { Product } from './products';",
        'client/categories.ts': "import { savePositions } from './positions';",
        'client/products.ts': "import { savePositions } from './positions';",
        'client/client.ts': '',
      }),
    ).toEqual([['client/categories', 'client/positions', 'client/products']]);
  });

  it('pass the same files once the callers name the types themselves', () => {
    expect(
      circlesOf({
        'client/positions.ts': "import { request } from './client';",
        'client/categories.ts': "import { savePositions } from './positions';\nimport { request } from './client';",
        'client/products.ts': "import { savePositions } from './positions';",
        'client/client.ts': '',
      }),
    ).toEqual([]);
  });

  it('follow a folder’s index, name each circle apart, and sort them', () => {
    expect(
      circlesOf({
        'server/z.ts': "import { y } from './y';",
        'server/y.ts': "import { z } from './z';",
        'server/messages/index.ts': "import { a } from '../a';",
        'server/a.ts': "import { messages } from './messages';",
        'server/self.ts': "import { again } from './self';",
      }),
    ).toEqual([['server/a', 'server/messages/index'], ['server/self'], ['server/y', 'server/z']]);
  });

  it('leave out import() calls, packages and files outside the tree read', () => {
    expect(
      circlesOf({
        'server/server.ts': "const { seedDemo } = await import('./dev/demo/seed');\nimport x from 'fastify';",
        'server/dev/demo/seed.ts': "import { config } from '../../server';\nimport './seed.css';",
      }),
    ).toEqual([]);
  });
});
