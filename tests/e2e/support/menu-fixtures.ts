import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ADMIN } from '../../../server/dev/demo/data';

/**
 * Set-up for the menu journeys through the real API as the demo admin: a fresh manager with their own restaurant
 * (so these journeys never depend on, or change, the demo menus other specs read), and direct API reads to check
 * what the panel saved.
 */

export const MANAGER_PASSWORD = 'menyu-e2e-password';

export interface MenuManager {
  login: string;
  token: string;
  restaurantId: string;
}

export class MenuApi {
  private constructor(
    private readonly http: APIRequestContext,
    private readonly adminToken: string,
  ) {}

  static async start(baseURL: string): Promise<MenuApi> {
    const http = await request.newContext({ baseURL });
    const login = await http.post('/auth/login', { data: DEMO_ADMIN });
    expect(login.status()).toBe(200);
    return new MenuApi(http, (await login.json()).data.accessToken);
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, data?: unknown): Promise<T> {
    const res = await this.http.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${method} ${url} → ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  /** A new manager (login `prefix.<stamp>`) owning a new restaurant. */
  async manager(prefix: string): Promise<MenuManager> {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const login = `${prefix}.${stamp}`;
    const created = await this.call<{ data: { _id: string } }>('POST', '/admin/managers', this.adminToken, {
      login,
      password: MANAGER_PASSWORD,
    });
    const restaurant = await this.call<{ data: { _id: string } }>(
      'POST',
      '/admin/restaurants/create',
      this.adminToken,
      {
        name: `Menyu E2E ${stamp}`,
        slug: `${prefix}-${stamp}`.replace(/[^a-z0-9-]/g, '-'),
        address: "Toshkent, Amir Temur ko'chasi 1",
        manager_id: created.data._id,
        is_active: true,
        phone_number: '+998 90 000 00 00',
        work_time: '09:00 - 23:00',
      },
    );
    const session = await this.http.post('/auth/login', { data: { login, password: MANAGER_PASSWORD } });
    return { login, token: (await session.json()).data.accessToken, restaurantId: restaurant.data._id };
  }

  async close(): Promise<void> {
    await this.http.dispose();
  }
}

export async function logInAsManager(page: Page, login: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Parol').fill(MANAGER_PASSWORD);
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page).toHaveURL(/\/manager$/);
}

/** A small real PNG for an upload. */
export async function pngFile(name: string, color: string) {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
