import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Executor } from '../../db/client';
import { maintenanceOf } from '../../db/maintenance';
import {
  categories,
  kitchenStations,
  optionRows,
  paymentSettings,
  productOptions,
  products,
  restaurants,
  restaurantTables,
  users,
} from '../../db/schema';
import type { LocalPos } from '../../integrations/registry';
import { hashPassword } from '../../passwords';
import type { Translations } from '../../schemas/translations';
import { type EncodedImage, encodeImages, writeEncodedImages } from '../../uploads/images';
import { removeStoredFiles } from '../../uploads/storage';
import { addDemoOrganization } from '../pos/control-client';
import {
  DEMO_ADMIN,
  DEMO_MANAGERS,
  DEMO_POS_RESTAURANT,
  DEMO_PRINTER,
  DEMO_RESTAURANTS,
  type DemoPayments,
} from './data';

export interface DemoLogin {
  role: 'admin' | 'manager';
  login: string;
  /** null: the password was changed since it was seeded. */
  password: string | null;
}

export interface SeedDemoOptions {
  dataDir: string;
  /**
   * The demo Telegram bot and channel (the local Bot API simulator's, server/dev/telegram), given to the
   * demo restaurants marked `telegram`; absent when demo mode talks to a real TELEGRAM_API_URL (no fake token there).
   */
  telegram?: { bot_token: string; channel_id: string };
  /**
   * The app's integration (app.integration): with the POS simulator running (demo mode without IIKO_API_URL), the
   * simulator gets the demo's own organization at every start and the first seed imports the demo integration
   * restaurant from it (DEMO_POS_RESTAURANT). Absent, or with a real iiko: no integration restaurant.
   */
  integration?: DemoIntegration;
  /**
   * Where demo mode's printer simulator listens (app.demoPrinter): the demo stations with a printer print there.
   * Absent: DEMO_PRINTER's address, which the simulator takes when it is free (and points the demo's printers at its
   * own when it took another).
   */
  printer?: { host: string; port: number };
}

/** What the seed needs of the app's integration (server/integrations/service.ts IntegrationService). */
export interface DemoIntegration {
  readonly simulator: LocalPos | null;
  createRestaurant(organizationId: string, managerId: string): Promise<{ restaurantId: string }>;
}

const PALETTE = ['#c0392b', '#d35400', '#27ae60', '#2980b9', '#8e44ad', '#16a085', '#b7950b', '#7f8c8d'];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A picture drawn at seed time: a coloured card with the name's initial and the name itself. */
function demoPicture(name: string, colorIndex: number, shape: 'cover' | 'logo' | 'dish'): Buffer {
  const [width, height] = shape === 'cover' ? [1200, 600] : shape === 'logo' ? [400, 400] : [800, 600];
  const color = PALETTE[colorIndex % PALETTE.length];
  const initial = escapeXml((Array.from(name.trim())[0] ?? '?').toUpperCase());
  const background =
    shape === 'logo'
      ? `<rect width="100%" height="100%" fill="#ffffff"/><circle cx="200" cy="200" r="190" fill="${color}"/>`
      : `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/>` +
        `<stop offset="1" stop-color="#1b1b1b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`;
  const caption =
    shape === 'logo'
      ? ''
      : `<text x="50%" y="${height - 60}" font-family="DejaVu Sans, sans-serif" font-size="${shape === 'cover' ? 56 : 44}" ` +
        `fill="#ffffff" fill-opacity="0.9" text-anchor="middle">${escapeXml(name)}</text>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${background}` +
    `<text x="50%" y="${shape === 'logo' ? 200 : height / 2 - 20}" font-family="DejaVu Sans, sans-serif" ` +
    `font-weight="bold" font-size="${shape === 'logo' ? 220 : 240}" fill="#ffffff" text-anchor="middle" ` +
    `dominant-baseline="central">${initial}</text>${caption}</svg>`;
  return Buffer.from(svg);
}

/**
 * Each demo picture's encoded bytes, by its arguments, for as long as the process lives: the tests and a restart seed
 * the demo many times in one process, the pictures never change, and drawing and encoding all of them again cost
 * seconds of CPU per seed. Some 37 pictures of ~40 KB each.
 */
const encodedPictures = new Map<string, EncodedImage>();

/** Renders the SVG to PNG with sharp and encodes it through the upload pipeline, like an image a manager uploads. */
async function encodedDemoPicture(...args: Parameters<typeof demoPicture>): Promise<EncodedImage> {
  const key = JSON.stringify(args);
  const remembered = encodedPictures.get(key);
  if (remembered) return remembered;
  const png = await sharp(demoPicture(...args))
    .png()
    .toBuffer();
  const [encoded] = await encodeImages([{ filename: `${args[0]}.png`, data: png }]);
  encodedPictures.set(key, encoded!);
  return encoded!;
}

/** Stores the picture under a new name in this data folder, as an upload's images are. */
async function storeDemoPicture(dataDir: string, stored: string[], ...args: Parameters<typeof demoPicture>) {
  const [url] = await writeEncodedImages(dataDir, [await encodedDemoPicture(...args)]);
  stored.push(url!);
  return url!;
}

interface DemoPictures {
  restaurants: { image: string; logotype: string }[];
  /** Per restaurant, per category, per product: its image URL. */
  products: string[][][];
}

async function drawDemoPictures(dataDir: string, stored: string[]): Promise<DemoPictures> {
  const pictures: DemoPictures = { restaurants: [], products: [] };
  let dish = 0;
  for (const [r, demo] of DEMO_RESTAURANTS.entries()) {
    pictures.restaurants.push({
      image: await storeDemoPicture(dataDir, stored, demo.name, r * 3, 'cover'),
      logotype: await storeDemoPicture(dataDir, stored, demo.name, r * 3 + 1, 'logo'),
    });
    const perCategory: string[][] = [];
    for (const category of demo.categories) {
      const urls: string[] = [];
      for (const product of category.products)
        urls.push(await storeDemoPicture(dataDir, stored, product.name, dish++, 'dish'));
      perCategory.push(urls);
    }
    pictures.products.push(perCategory);
  }
  return pictures;
}

/**
 * DEMO=1: seed the demo data set, in one transaction, whenever demo mode starts on a database that has no demo data
 * yet (no user marked is_demo), whatever else it holds: an admin created from ADMIN_LOGIN first, or a real restaurant.
 * A demo login or slug already taken by someone else gets `-demo` (then `-demo-2`…) appended instead of failing the
 * start. A second start finds the demo users and seeds nothing. Restaurants get a cover image and a logotype,
 * products an image: drawn with sharp and encoded through the real upload pipeline (once per process), stored as an
 * upload's are (WebP + thumbnail in the app's image store, new names each seed); if the transaction fails, those files
 * are removed again. With the POS simulator (`integration`), the first seed also imports the demo integration
 * restaurant from it, after the rest is committed. Answers the demo accounts that exist, as they are in the database:
 * the printed logins are the ones that work.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<DemoLogin[]> {
  const simulator = options.integration?.simulator ?? null;
  // Every start: the simulator forgets what it was told when the app stopped, and the demo restaurant linked to its
  // demo organization syncs from it.
  const posOrganization = simulator ? await addDemoOrganization(simulator) : null;
  if ((await demoAccounts(db)).length > 0) return demoAccounts(db);

  const adminHash = await hashPassword(DEMO_ADMIN.password);
  const managerHashes = await Promise.all(DEMO_MANAGERS.map((m) => hashPassword(m.password)));
  const stored: string[] = [];
  let managerIds: string[] | null;
  try {
    const pictures = await drawDemoPictures(options.dataDir, stored);
    managerIds = await insertDemo(db, adminHash, managerHashes, pictures, options.telegram, options.printer);
    // Another process on the same PostgreSQL may have seeded meanwhile: then its pictures are the ones in use.
    if (!managerIds) await removeStoredFiles(options.dataDir, stored);
  } catch (error) {
    await removeStoredFiles(options.dataDir, stored);
    throw error;
  }
  if (managerIds) {
    if (posOrganization && options.integration) {
      await seedDemoPosRestaurant(db, options.integration, posOrganization.id, managerIds);
    }
    // The first menus are opened right after: the embedded database gets its statistics first.
    await maintenanceOf(db)?.settle();
  }
  return demoAccounts(db);
}

/**
 * The demo integration restaurant: imported from the simulator's demo organization through the app's own import (menu
 * and the till's tables, docs/integration.md), then given the manager's phone and hours and ordering on.
 */
async function seedDemoPosRestaurant(
  db: Db,
  integration: DemoIntegration,
  organizationId: string,
  managerIds: string[],
): Promise<void> {
  const { restaurantId } = await integration.createRestaurant(organizationId, managerIds[DEMO_POS_RESTAURANT.manager]!);
  await db
    .update(restaurants)
    .set({
      ordering_enabled: true,
      phone_number: DEMO_POS_RESTAURANT.phone_number,
      work_time: DEMO_POS_RESTAURANT.work_time,
    })
    .where(eq(restaurants._id, restaurantId));
}

const DEMO_ACCOUNTS = [
  { role: 'admin' as const, ...DEMO_ADMIN },
  ...DEMO_MANAGERS.map((m) => ({ role: 'manager' as const, ...m })),
];

/** Which demo account a stored login is (`rayhon`, or `rayhon-demo…` when `rayhon` was taken), by its index. */
function demoIndex(login: string): number {
  const index = DEMO_ACCOUNTS.findIndex((a) => login === a.login || login.startsWith(`${a.login}-demo`));
  return index === -1 ? DEMO_ACCOUNTS.length : index;
}

/**
 * The demo users in the database, in the demo data's order, with the published password, or null for one whose
 * password was changed since (the published one no longer opens it).
 */
export async function demoAccounts(db: Executor): Promise<DemoLogin[]> {
  const rows = await db
    .select({ login: users.login, role: users.role, changed: users.password_changed_at })
    .from(users)
    .where(eq(users.is_demo, true));
  return rows
    .sort((a, b) => demoIndex(a.login) - demoIndex(b.login) || a.login.localeCompare(b.login))
    .map((row) => ({
      role: row.role,
      login: row.login,
      password: row.changed ? null : (DEMO_ACCOUNTS[demoIndex(row.login)]?.password ?? null),
    }));
}

/** `base`, or the first of `base-demo`, `base-demo-2`… that `taken` (lowercase) does not hold. */
function freeName(base: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : n === 2 ? `${base}-demo` : `${base}-demo-${n - 1}`;
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

/** Any fixed number: the transaction lock two processes seeding one PostgreSQL at once take in turn. */
const DEMO_SEED_LOCK = 7_315_082;

/** A demo entity's translations as columns, or nothing: the column's default stands. */
const translated = (entity: { translations?: Translations }) =>
  entity.translations ? { translations: entity.translations } : {};

/** Both methods on with the demo merchant's data and keys, which the payment simulators read back (server/dev/payments). */
async function insertDemoPaymentSettings(tx: Executor, restaurantId: string, demo: DemoPayments) {
  await tx.insert(paymentSettings).values({
    restaurant_id: restaurantId,
    payme_enabled: true,
    payme_merchant_id: demo.payme.merchant_id,
    payme_key: demo.payme.key,
    payme_test_key: demo.payme.test_key,
    click_enabled: true,
    click_service_id: demo.click.service_id,
    click_merchant_id: demo.click.merchant_id,
    click_merchant_user_id: demo.click.merchant_user_id,
    click_secret_key: demo.click.secret_key,
    vat_percent: demo.vat_percent,
  });
}

/** Inserts the demo data set and answers the managers' ids; null, inserting nothing, when demo users exist already. */
async function insertDemo(
  db: Db,
  adminHash: string,
  managerHashes: string[],
  pictures: DemoPictures,
  telegram: SeedDemoOptions['telegram'],
  printer: SeedDemoOptions['printer'],
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    if ((await demoAccounts(tx)).length > 0) return null;
    const logins = new Set((await tx.select({ login: users.login }).from(users)).map((u) => u.login.toLowerCase()));
    const slugs = new Set((await tx.select({ slug: restaurants.slug }).from(restaurants)).map((r) => r.slug));
    await tx.insert(users).values({
      login: freeName(DEMO_ADMIN.login, logins),
      password_hash: adminHash,
      role: 'admin',
      is_demo: true,
    });
    const managers = await tx
      .insert(users)
      .values(
        DEMO_MANAGERS.map((m, i) => ({
          login: freeName(m.login, logins),
          password_hash: managerHashes[i]!,
          role: 'manager' as const,
          is_demo: true,
        })),
      )
      .returning({ _id: users._id });
    for (const [restaurantIndex, demo] of DEMO_RESTAURANTS.entries()) {
      const [restaurant] = await tx
        .insert(restaurants)
        .values({
          name: demo.name,
          slug: freeName(demo.slug, slugs),
          address: demo.address,
          phone_number: demo.phone_number,
          work_time: demo.work_time,
          ...(demo.languages ? { languages: demo.languages } : {}),
          ...(demo.translations ? { translations: demo.translations } : {}),
          manager_id: managers[demo.manager]!._id,
          is_active: demo.is_active ?? true,
          ordering_enabled: demo.ordering_enabled ?? false,
          ...(demo.telegram && telegram ? telegram : {}),
          ...(demo.payments ? { service_percent: demo.payments.service_percent } : {}),
          image: pictures.restaurants[restaurantIndex]!.image,
          logotype: pictures.restaurants[restaurantIndex]!.logotype,
          // One transaction has one now(): space the restaurants 1 ms apart so they keep the demo data's order
          // (a manager's first restaurant, spec 3 restaurantId, must not depend on random ids).
          createdAt: sql`now() + ${restaurantIndex} * interval '1 millisecond'`,
        })
        .returning({ _id: restaurants._id });
      if (demo.payments) await insertDemoPaymentSettings(tx, restaurant!._id, demo.payments);
      // Inserted in the demo data's order: the identity column keeps "1".."8" listed as written.
      for (const name of demo.tables ?? [])
        await tx.insert(restaurantTables).values({ restaurant_id: restaurant!._id, name });
      const stations = new Map<string, string>();
      for (const [position, station] of (demo.stations ?? []).entries()) {
        const [row] = await tx
          .insert(kitchenStations)
          .values({
            restaurant_id: restaurant!._id,
            name: station.name,
            position,
            printer: station.printer ? { ...DEMO_PRINTER, ...printer } : null,
          })
          .returning({ _id: kitchenStations._id });
        for (const title of station.categories) stations.set(title, row!._id);
      }
      for (const [categoryIndex, demoCategory] of demo.categories.entries()) {
        const [category] = await tx
          .insert(categories)
          .values({
            title: demoCategory.title,
            restaurant_id: restaurant!._id,
            position: categoryIndex,
            station_id: stations.get(demoCategory.title) ?? null,
            ...translated(demoCategory),
          })
          .returning({ _id: categories._id });
        for (const [productIndex, demoProduct] of demoCategory.products.entries()) {
          const [product] = await tx
            .insert(products)
            .values({
              name: demoProduct.name,
              description: demoProduct.description,
              price: demoProduct.price,
              category_id: category!._id,
              is_active: demoProduct.active ?? true,
              position: productIndex,
              images: [{ file: pictures.products[restaurantIndex]![categoryIndex]![productIndex]! }],
              ...demoProduct.facts,
              ...translated(demoProduct),
            })
            .returning({ _id: products._id });
          for (const demoOption of demoProduct.options ?? []) {
            const [option] = await tx
              .insert(productOptions)
              .values({
                product_id: product!._id,
                name: demoOption.name,
                min_choices: demoOption.min_choices ?? 0,
                max_choices: demoOption.max_choices ?? 1,
                ...translated(demoOption),
              })
              .returning({ _id: productOptions._id });
            await tx.insert(optionRows).values(
              demoOption.rows.map((row) => ({
                product_option_id: option!._id,
                name: row.name,
                price: row.price,
                ...translated(row),
              })),
            );
          }
        }
      }
    }
    return managers.map((m) => m._id);
  });
}
