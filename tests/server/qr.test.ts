import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuUrl, qrFileName } from '../../server/menu/qr';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant } from '../support/fixtures';

/** The text a phone's camera reads from a PNG. */
function decodePng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** The text a phone reads from an SVG, rasterised as a printer would. */
async function decodeSvg(svg: string): Promise<string | undefined> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(600)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('QR codes with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://menyu.example.uz/' });
  });
  afterAll(() => t.close());

  it('the PNG decodes to the menu URL under PUBLIC_URL, offered as a download', async () => {
    const r = await createRestaurant(t.db, { slug: 'rayhon-qr' });
    const res = await t.app.inject({ url: `/menu/qr.png?slug=${r.slug}&download=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="menyu-rayhon-qr-qr.png"');
    expect(decodePng(res.rawPayload)).toBe('https://menyu.example.uz/menu?slug=rayhon-qr');
    const image = PNG.sync.read(res.rawPayload);
    expect(image.width).toBe(1024);
  });

  it('the SVG decodes to the same URL and is shown inline unless a download is asked for', async () => {
    const r = await createRestaurant(t.db);
    const res = await t.app.inject({ url: `/menu/qr.svg?slug=${r.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toBe(`inline; filename="menyu-${r.slug}-qr.svg"`);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).not.toMatch(/<script|on\w+=/i);
    // Opened directly, the SVG is a document: it may draw, never run anything.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(await decodeSvg(res.body)).toBe(`https://menyu.example.uz/menu?slug=${r.slug}`);
    const download = await t.app.inject({ url: `/menu/qr.svg?slug=${r.slug}&download=1` });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="menyu-${r.slug}-qr.svg"`);
  });

  it('revalidates with an ETag like the menu', async () => {
    const r = await createRestaurant(t.db);
    const first = await t.app.inject({ url: `/menu/qr.svg?slug=${r.slug}` });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      url: `/menu/qr.svg?slug=${r.slug}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the QR of an inactive restaurant (it is only its URL), but 404 for an unknown slug and 400 without one', async () => {
    const inactive = await createRestaurant(t.db, { is_active: false });
    const res = await t.app.inject({ url: `/menu/qr.png?slug=${inactive.slug}` });
    expect(res.statusCode).toBe(200);
    expect(decodePng(res.rawPayload)).toBe(`https://menyu.example.uz/menu?slug=${inactive.slug}`);

    for (const kind of ['svg', 'png']) {
      const unknown = await t.app.inject({ url: `/menu/qr.${kind}?slug=bunday-yoq` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Restoran topilmadi.' });
      const missing = await t.app.inject({ url: `/menu/qr.${kind}` });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('"slug" maydoni majburiy.');
      const badDownload = await t.app.inject({ url: `/menu/qr.${kind}?slug=${inactive.slug}&download=yes` });
      expect(badDownload.statusCode).toBe(400);
    }
  });

  it('prints an A6 table card with the name, logo, the scan call and a QR code that opens the menu', async () => {
    const r = await createRestaurant(t.db, { name: 'Bahor <Kafe> & Choyxona', logotype: '/uploads/logo7.webp' });
    const res = await t.app.inject({ url: `/menu/card?slug=${r.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = res.body;
    expect(body).toContain('<html lang="uz">');
    expect(body).toContain('<h1>Bahor &lt;Kafe&gt; &amp; Choyxona</h1>');
    expect(body).toContain('<img class="lg" src="/uploads/logo7.webp"');
    expect(body).toContain('Menyuni ko&#39;rish uchun skanerlang');
    expect(body).toContain('@page{size:A6;margin:0}');
    // The print button exists on screen and is hidden in print.
    expect(body).toContain('<button id="pr" type="button">Chop etish</button>');
    expect(body).toMatch(/@media print\{(?:[^{}]*\{[^{}]*\})*?\.bar\{display:none\}/);
    const svg = /<svg[\s\S]*?<\/svg>/.exec(body)?.[0];
    expect(svg).toBeDefined();
    expect(await decodeSvg(svg!)).toBe(`https://menyu.example.uz/menu?slug=${r.slug}`);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
  });

  it('answers the 404 page for the card of an unknown or inactive restaurant, and refuses a table’s card without the staff’s pass', async () => {
    const inactive = await createRestaurant(t.db, { is_active: false });
    const active = await createRestaurant(t.db);
    for (const url of [`/menu/card?slug=${inactive.slug}`, '/menu/card?slug=bunday-yoq', '/menu/card']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<h1>Menyu topilmadi</h1>');
    }
    // A table's card is staff-only: without the print pass it says so, whether the table exists or not.
    const table = await t.app.inject({
      url: `/menu/card?slug=${active.slug}&table=7c9e6679-7425-40de-944b-e07fc1f90ae7`,
    });
    expect(table.statusCode).toBe(403);
  });
});

describe('QR codes without PUBLIC_URL', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    behindProxy = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await behindProxy.close();
  });

  const proxiedHeaders = {
    host: '127.0.0.1:3000',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'menu.restoran.uz',
  };

  it("point at the request's own origin; X-Forwarded-* are ignored unless TRUST_PROXY names the sender", async () => {
    const r = await createRestaurant(t.db);
    const direct = await t.app.inject({ url: `/menu/qr.png?slug=${r.slug}`, headers: { host: '192.168.1.20:3000' } });
    expect(decodePng(direct.rawPayload)).toBe(`http://192.168.1.20:3000/menu?slug=${r.slug}`);
    const forged = await t.app.inject({ url: `/menu/qr.png?slug=${r.slug}`, headers: proxiedHeaders });
    expect(decodePng(forged.rawPayload)).toBe(`http://127.0.0.1:3000/menu?slug=${r.slug}`);
  });

  it('follow the origin the trusted proxy reports', async () => {
    const r = await createRestaurant(behindProxy.db);
    const proxied = await behindProxy.app.inject({ url: `/menu/qr.png?slug=${r.slug}`, headers: proxiedHeaders });
    expect(decodePng(proxied.rawPayload)).toBe(`https://menu.restoran.uz/menu?slug=${r.slug}`);
    const other = await behindProxy.app.inject({
      url: `/menu/qr.png?slug=${r.slug}`,
      headers: proxiedHeaders,
      remoteAddress: '10.9.8.7',
    });
    expect(decodePng(other.rawPayload)).toBe(`http://127.0.0.1:3000/menu?slug=${r.slug}`);
  });
});

describe('QR helpers', () => {
  it('build the menu URL and a safe file name', () => {
    expect(menuUrl('https://a.uz/', 'osh-markazi')).toBe('https://a.uz/menu?slug=osh-markazi');
    expect(menuUrl('https://a.uz/app//', 'a b&c')).toBe('https://a.uz/app/menu?slug=a%20b%26c');
    expect(qrFileName('osh-markazi', 'png')).toBe('menyu-osh-markazi-qr.png');
    expect(qrFileName('"; x=..\\', 'svg')).toBe('menyu-x-qr.svg');
    expect(qrFileName('', 'svg')).toBe('menyu-menyu-qr.svg');
  });
});
