import { describe, expect, it } from 'vitest';
import { importsOf } from '../../scripts/layers/imports';
import { layerViolations } from '../../scripts/layers/rules';

/**
 * The rules of README's Repository layout, on hand-written imports: each direction refused or allowed. The whole tree is
 * checked against them by `npm run lint` (scripts/check-layers.ts), once per CI run.
 */

const violationsOf = (file: string, text: string): string[] => layerViolations(importsOf(file, text));

describe('import directions', () => {
  it('refuse an import up the panel: machines → src, client → machines, lib → client', () => {
    expect(violationsOf('machines/auth/x.ts', "import { paths } from '../../src/app/paths';")).toHaveLength(1);
    expect(violationsOf('client/x.ts', "export { authMachine } from '../machines/auth/auth.machine';")).toHaveLength(1);
    expect(violationsOf('lib/x.ts', "import { api } from '../client/client';")).toHaveLength(1);
  });

  it('refuse an import from one feature into another: what two share lives in src/components or src/app', () => {
    expect(violationsOf('src/features/a/X.tsx', "import { B } from '../b/B';")).toHaveLength(1);
    expect(violationsOf('src/features/a/X.tsx', "import type { B } from '../b/B';")).toHaveLength(1);
    expect(violationsOf('src/features/a/X.tsx', "import { A } from './A';")).toEqual([]);
    expect(violationsOf('src/features/a/sub/X.tsx', "import { A } from '../A';")).toEqual([]);
    expect(violationsOf('src/features/a/X.tsx', "import { C } from '../../components/C';")).toEqual([]);
    expect(violationsOf('src/features/a/X.tsx', "import { D } from '../../app/D';")).toEqual([]);
  });

  it('refuse an import up inside src/: components and app under features, features under the router', () => {
    expect(violationsOf('src/components/X.tsx', "import { A } from '../features/auth/LoginScreen';")).toHaveLength(1);
    expect(violationsOf('src/app/X.tsx', "import { A } from '../features/auth/LoginScreen';")).toHaveLength(1);
    expect(violationsOf('src/features/a/X.tsx', "import { appRoutes } from '../../router/routes';")).toHaveLength(1);
    expect(violationsOf('src/router/X.tsx', "import { A } from '../features/auth/LoginScreen';")).toEqual([]);
  });

  it('let only the client take the server schemas, and only as types', () => {
    expect(violationsOf('client/x.ts', "import type { Profile } from '../server/schemas/auth';")).toEqual([]);
    expect(violationsOf('client/x.ts', "import { type Profile } from '../server/schemas/auth';")).toEqual([]);
    expect(violationsOf('client/x.ts', "type P = typeof import('../server/schemas/auth');")).toEqual([]);
    expect(violationsOf('client/x.ts', "import { Profile } from '../server/schemas/auth';")).toHaveLength(1);
    expect(violationsOf('client/x.ts', "import type { Db } from '../server/db/client';")).toHaveLength(1);
    expect(
      violationsOf('src/features/a/X.tsx', "import { formatPrice } from '../../../server/menu/format';"),
    ).toHaveLength(1);
    expect(violationsOf('machines/x.ts', "import type { Profile } from '../server/schemas/auth';")).toHaveLength(1);
  });

  it('keep the server off the panel, dynamic imports and re-exports included', () => {
    expect(violationsOf('server/x.ts', "const m = await import('../client/client');")).toHaveLength(1);
    expect(violationsOf('server/x.ts', "export * from '../machines/auth/auth.machine';")).toHaveLength(1);
    expect(violationsOf('server/x.ts', "import type { Profile } from '../src/app/paths';")).toHaveLength(1);
    expect(violationsOf('server/menu/x.ts', "import { formatPrice } from '../../lib/format';")).toEqual([]);
  });

  it('keep the diner’s browser code on lib/ alone, and the server off it', () => {
    expect(violationsOf('web-menu/cart.ts', "import { formatPrice } from '../lib/format';")).toEqual([]);
    expect(violationsOf('web-menu/cart.ts', "import type { OrderTexts } from '../lib/order-texts';")).toEqual([]);
    expect(violationsOf('web-menu/cart.ts', "import type { MenuData } from '../server/menu/data';")).toHaveLength(1);
    expect(violationsOf('web-menu/cart.ts', "import { api } from '../client/client';")).toHaveLength(1);
    expect(violationsOf('web-menu/cart.ts', "import { useState } from 'react';")).toHaveLength(1);
    expect(violationsOf('server/menu/x.ts', "import { productOf } from '../../web-menu/product';")).toHaveLength(1);
  });

  it('keep the server’s floors: routes → domain → repositories, never up', () => {
    expect(violationsOf('server/routes/x.ts', "import { placeOrder } from '../domain/orders/place-order';")).toEqual(
      [],
    );
    expect(violationsOf('server/domain/x.ts', "import { listOrders } from '../repositories/orders';")).toEqual([]);
    expect(violationsOf('server/domain/x.ts', "import { deleted } from '../routes/deleted';")).toHaveLength(1);
    expect(violationsOf('server/domain/x.ts', "import { errorBody } from '../plugins/errors';")).toHaveLength(1);
    expect(
      violationsOf('server/repositories/x.ts', "import { afterDeletion } from '../domain/deletion';"),
    ).toHaveLength(1);
    expect(
      violationsOf('server/repositories/x.ts', "import { ORDER_NOT_FOUND } from '../routes/menu/orders';"),
    ).toHaveLength(1);
    expect(violationsOf('server/repositories/x.ts', "import { rowsOf } from '../db/client';")).toEqual([]);
  });

  it('let the server reach demo mode’s code (server/dev) only through import(), and server/dev use the server', () => {
    expect(violationsOf('server/server.ts', "const { seedDemo } = await import('./dev/demo/seed');")).toEqual([]);
    expect(
      violationsOf('server/telegram/plugin.ts', "import { startDemoTelegram } from '../dev/telegram/demo';"),
    ).toHaveLength(1);
    expect(violationsOf('server/x.ts', "import type { PosSimulator } from './dev/pos/server';")).toHaveLength(1);
    expect(violationsOf('server/x.ts', "type S = typeof import('./dev/pos/server');")).toHaveLength(1);
    expect(violationsOf('server/x.ts', "export { DEMO_ADMIN } from './dev/demo/data';")).toHaveLength(1);
    expect(violationsOf('server/domain/x.ts', "import { seedDemo } from '../dev/demo/seed';")).toHaveLength(1);
    expect(violationsOf('server/repositories/x.ts', "import { DEMO_ADMIN } from '../dev/demo/data';")).toHaveLength(1);
    expect(
      violationsOf('server/dev/pos/server.ts', "import type { IikoMenu } from '../../integrations/iiko/types';"),
    ).toEqual([]);
    expect(violationsOf('server/dev/demo/seed.ts', "import { DEMO_ADMIN } from './data';")).toEqual([]);
    expect(violationsOf('server/dev/demo/seed.ts', "import { api } from '../../../client/client';")).toHaveLength(1);
  });

  it('keep React in src/', () => {
    expect(violationsOf('machines/x.ts', "import { useSelector } from '@xstate/react';")).toHaveLength(1);
    expect(violationsOf('client/x.ts', "import { useEffect } from 'react';")).toHaveLength(1);
    expect(violationsOf('src/features/a/X.tsx', "import { useEffect } from 'react';")).toEqual([]);
    expect(violationsOf('machines/x.ts', "import { setup } from 'xstate';")).toEqual([]);
  });
});
