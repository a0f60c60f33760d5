import { request } from '@playwright/test';
import { DEMO_MANAGERS } from '../../../server/dev/demo/data';

/** The demo restaurant that takes orders and delivers them to the demo Telegram channel. */
export const ORDERING_SLUG = 'samarqand-darvozasi';
export const ORDERING_MANAGER = DEMO_MANAGERS[0]!;

/** The QR token of Samarqand Darvozasi's table `name` (what its code carries), read through the manager's API as the panel reads it. */
export async function demoTableToken(baseURL: string, name = '1'): Promise<string> {
  const http = await request.newContext({ baseURL });
  try {
    const login = await http.post('/auth/login', {
      data: { login: ORDERING_MANAGER.login, password: ORDERING_MANAGER.password },
    });
    const token = (await login.json()).data.accessToken as string;
    const headers = { authorization: `Bearer ${token}` };
    const mine = (await (await http.get('/manager/restaurants/me', { headers })).json()).data as {
      _id: string;
      slug: string;
    }[];
    const restaurant = mine.find((r) => r.slug === ORDERING_SLUG)!;
    const tables = (await (await http.get(`/manager/tables?restaurant_id=${restaurant._id}`, { headers })).json())
      .data as { _id: string; name: string; token: string }[];
    return tables.find((t) => t.name === name)!.token;
  } finally {
    await http.dispose();
  }
}
