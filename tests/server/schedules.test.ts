import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { createCategory, createRestaurant } from '../support/fixtures';
import { menuSnapshot, setupTenants } from '../support/tenants';

/**
 * Menus that follow the clock, as the API stores and answers them: a category's `schedule` (create, update, the
 * manager's and the public reads) and a restaurant's `time_zone` and `working_hours` (the admin's create, the
 * manager's and admin's update, every read), with the refusals of what is not a time, an empty window, an unknown
 * zone and intervals that overlap, each in Uzbek and changing nothing.
 */

const t = setupTenants();

const breakfast = { days: [7, 1, 2, 3, 4, 5, 6], from: '08:00', to: '11:00', outside: 'grey' };
const lunch = { days: [5, 1, 3, 2, 4], from: '12:00', to: '15:00', outside: 'hide' };

const createCategoryAs = (payload: object) =>
  t.call('owner', { method: 'POST', url: '/manager/category/create', payload });
const updateCategoryAs = (id: string, payload: object) =>
  t.call('owner', { method: 'PUT', url: `/manager/category/update/${id}`, payload });
const updateRestaurantAs = (caller: 'owner' | 'admin', slug: string, payload: object) =>
  t.call(caller, { method: 'PUT', url: `/manager/restaurants/update?slug=${slug}`, payload });

let slugs = 0;
const restaurantBody = (overrides: object = {}) => ({
  name: 'Soat Kafe',
  slug: `soat-kafe-${++slugs}-${Date.now().toString(36)}`,
  address: "Toshkent, Navoiy ko'chasi 1",
  manager_id: t.owner._id,
  is_active: true,
  phone_number: '+998 90 123 45 67',
  work_time: '10:00 - 23:00',
  ...overrides,
});

describe('a category’s schedule', () => {
  it('is stored on create with its days in the week’s order and answered by every read', async () => {
    const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id });
    const created = await createCategoryAs({ title: 'Nonushta', restaurant_id: restaurant._id, schedule: breakfast });
    expect(created.statusCode).toBe(201);
    const sorted = { ...breakfast, days: [1, 2, 3, 4, 5, 6, 7] };
    expect(created.json().data.schedule).toEqual(sorted);

    const plain = await createCategoryAs({ title: 'Ichimliklar', restaurant_id: restaurant._id });
    expect(plain.json().data.schedule).toBeNull();

    const managed = await t.call('owner', { method: 'GET', url: `/manager/category?restaurant_id=${restaurant._id}` });
    const diner = await t.call('anonymous', { method: 'GET', url: `/user/category?restaurant_id=${restaurant._id}` });
    const inRussian = await t.call('anonymous', {
      method: 'GET',
      url: `/user/category?restaurant_id=${restaurant._id}&lang=ru`,
    });
    for (const res of [managed, diner, inRussian]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().categories.map((c: { title: string; schedule: unknown }) => [c.title, c.schedule])).toEqual([
        ['Nonushta', sorted],
        ['Ichimliklar', null],
      ]);
    }
  });

  it('changes on update, stays when not sent, and goes with null; the public read sees each change', async () => {
    const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id });
    const category = await createCategory(t.db, restaurant._id, { title: 'Biznes-lanch' });
    const publicSchedule = async () =>
      (await t.call('anonymous', { method: 'GET', url: `/user/category?restaurant_id=${restaurant._id}` })).json()
        .categories[0].schedule;
    expect(await publicSchedule()).toBeNull();

    const set = await updateCategoryAs(category._id, { schedule: lunch });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.schedule).toEqual({ ...lunch, days: [1, 2, 3, 4, 5] });
    expect(await publicSchedule()).toEqual({ ...lunch, days: [1, 2, 3, 4, 5] });

    const renamed = await updateCategoryAs(category._id, { title: 'Tushlik' });
    expect(renamed.json().data.schedule).toEqual({ ...lunch, days: [1, 2, 3, 4, 5] });

    const late = { days: [5, 6], from: '22:00', to: '02:00', outside: 'grey' };
    expect((await updateCategoryAs(category._id, { schedule: late })).json().data.schedule).toEqual(late);

    const cleared = await updateCategoryAs(category._id, { schedule: null });
    expect(cleared.json().data.schedule).toBeNull();
    expect(await publicSchedule()).toBeNull();
  });

  it('refuses what is not a schedule with a 400 that says what is wrong, on create and update, changing nothing', async () => {
    const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id });
    const category = await createCategory(t.db, restaurant._id);
    const before = await menuSnapshot(t.db);
    const cases: [object, string | RegExp][] = [
      [{ ...breakfast, days: [] }, `"schedule.days" maydoni noto'g'ri: kamida 1 ta element bo'lishi kerak.`],
      [{ ...breakfast, days: [1, 8] }, `"schedule.days.1" maydoni noto'g'ri: 7 dan katta bo'lmasligi kerak.`],
      [{ ...breakfast, days: [0] }, `"schedule.days.0" maydoni noto'g'ri: 1 dan kichik bo'lmasligi kerak.`],
      [{ ...breakfast, days: [2, 2] }, `"schedule.days" maydoni noto'g'ri: bir xil elementlar takrorlanmasligi kerak.`],
      [
        { ...breakfast, from: '25:00' },
        `"schedule.from" maydoni noto'g'ri: vaqt "SS:DD" (soat:daqiqa) ko'rinishida bo'lishi kerak (00:00 dan 23:59 gacha), masalan "08:00".`,
      ],
      [{ ...breakfast, to: '8:00' }, /^"schedule\.to" maydoni noto'g'ri: vaqt "SS:DD"/],
      [{ ...breakfast, to: '11:00:00' }, /^"schedule\.to" maydoni noto'g'ri: vaqt "SS:DD"/],
      [
        { ...breakfast, from: '10:00', to: '10:00' },
        `"schedule" maydoni noto'g'ri: boshlanish va tugash vaqti bir xil bo'lmasligi kerak.`,
      ],
      [{ ...breakfast, outside: 'blur' }, /^"schedule\.outside" maydoni noto'g'ri: quyidagilardan biri/],
      [{ days: [1], from: '08:00', outside: 'grey' }, `"schedule.to" maydoni majburiy.`],
      [{ ...breakfast, note: 'x' }, /^"schedule\.note" maydoni qabul qilinmaydi/],
    ];
    for (const [schedule, message] of cases) {
      const created = await createCategoryAs({ title: 'Nonushta', restaurant_id: restaurant._id, schedule });
      const updated = await updateCategoryAs(category._id, { schedule });
      for (const res of [created, updated]) {
        expect(res.statusCode, JSON.stringify(schedule)).toBe(400);
        if (typeof message === 'string') expect(res.json().message).toBe(message);
        else expect(res.json().message).toMatch(message);
      }
    }
    expect(await menuSnapshot(t.db)).toBe(before);
  });
});

describe('a restaurant’s time zone and working hours', () => {
  const hours = {
    '1': [['10:00', '23:00']],
    '5': [
      ['18:00', '02:00'],
      ['10:00', '14:00'],
    ],
    '6': [],
  };
  const storedHours = {
    '1': [['10:00', '23:00']],
    '5': [
      ['10:00', '14:00'],
      ['18:00', '02:00'],
    ],
  };

  it('default to Tashkent and always open, and are answered by every read', async () => {
    const created = await t.call('admin', {
      method: 'POST',
      url: '/admin/restaurants/create',
      payload: restaurantBody(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ time_zone: 'Asia/Tashkent', working_hours: null });
    const { slug } = created.json().data;
    const view = await t.call('anonymous', { method: 'GET', url: `/user/restaurants/view?slug=${slug}` });
    expect(view.json().data).toMatchObject({ time_zone: 'Asia/Tashkent', working_hours: null });
  });

  it('are set by the admin on create, in order and without empty days', async () => {
    const created = await t.call('admin', {
      method: 'POST',
      url: '/admin/restaurants/create',
      payload: restaurantBody({ time_zone: 'Europe/Berlin', working_hours: hours }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ time_zone: 'Europe/Berlin', working_hours: storedHours });
  });

  it('are changed by the owning manager and read back by the manager, the admin and the diner', async () => {
    const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id });
    const updated = await updateRestaurantAs('owner', restaurant.slug, {
      time_zone: 'Asia/Samarkand',
      working_hours: hours,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ time_zone: 'Asia/Samarkand', working_hours: storedHours });

    const mine = await t.call('owner', { method: 'GET', url: '/manager/restaurants/me' });
    const all = await t.call('admin', { method: 'GET', url: '/admin/restaurants' });
    const page = await t.call('admin', { method: 'GET', url: `/admin/restaurants?id=${restaurant._id}` });
    const view = await t.call('anonymous', { method: 'GET', url: `/user/restaurants/view?slug=${restaurant.slug}` });
    const found = [
      mine.json().data.find((r: { _id: string }) => r._id === restaurant._id),
      all.json().restaurants.find((r: { _id: string }) => r._id === restaurant._id),
      page.json().restaurants[0],
      view.json().data,
    ];
    for (const answer of found) {
      expect(answer).toMatchObject({ time_zone: 'Asia/Samarkand', working_hours: storedHours });
    }

    // Another field's update leaves them; null working hours: always open again.
    const renamed = await updateRestaurantAs('owner', restaurant.slug, { name: 'Soat Kafe 2' });
    expect(renamed.json().data).toMatchObject({ time_zone: 'Asia/Samarkand', working_hours: storedHours });
    const always = await updateRestaurantAs('admin', restaurant.slug, { working_hours: null });
    expect(always.json().data).toMatchObject({ time_zone: 'Asia/Samarkand', working_hours: null });
  });

  it('refuse an unknown time zone by its name, and what is not working hours, changing nothing', async () => {
    const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id });
    const before = await menuSnapshot(t.db);
    const restaurantCount = async () => (await t.db.select({ n: count() }).from(restaurants))[0]!.n;
    const countBefore = await restaurantCount();
    const rowBefore = JSON.stringify(
      (await t.call('owner', { method: 'GET', url: `/user/restaurants/view?slug=${restaurant.slug}` })).json(),
    );
    const overlap = `"working_hours" maydoni noto'g'ri:`;
    const cases: [object, string | RegExp][] = [
      [
        { time_zone: 'Asia/Samarqand' },
        `"Asia/Samarqand" vaqt mintaqasi topilmadi: IANA nomi bo'lishi kerak, masalan "Asia/Tashkent".`,
      ],
      [
        { time_zone: '+05:00' },
        `"+05:00" vaqt mintaqasi topilmadi: IANA nomi bo'lishi kerak, masalan "Asia/Tashkent".`,
      ],
      [{ working_hours: { '8': [['10:00', '23:00']] } }, /^"working_hours\.8" maydoni qabul qilinmaydi/],
      [{ working_hours: { '0': [['10:00', '23:00']] } }, /^"working_hours\.0" maydoni qabul qilinmaydi/],
      [{ working_hours: { monday: [['10:00', '23:00']] } }, /^"working_hours\.monday" maydoni qabul qilinmaydi/],
      [{ working_hours: { '1': [['10:00', '23:00', '23:30']] } }, /^"working_hours\.1\.0" maydoni noto'g'ri: /],
      [{ working_hours: { '1': [['10:00']] } }, /^"working_hours\.1\.0" maydoni noto'g'ri: /],
      [
        { working_hours: { '1': [['10:00', '24:00']] } },
        `"working_hours.1.0.1" maydoni noto'g'ri: vaqt "SS:DD" (soat:daqiqa) ko'rinishida bo'lishi kerak (00:00 dan 23:59 gacha), masalan "08:00".`,
      ],
      [
        { working_hours: { '2': [['09:00', '09:00']] } },
        `"working_hours.2.0" maydoni noto'g'ri: boshlanish va tugash vaqti bir xil bo'lmasligi kerak.`,
      ],
      [
        {
          working_hours: {
            '3': [
              ['14:00', '23:00'],
              ['10:00', '15:00'],
            ],
          },
        },
        `${overlap} chorshanba 10:00–15:00 va chorshanba 14:00–23:00 oraliqlari bir-birining ustiga tushadi.`,
      ],
      [
        { working_hours: { '2': [['18:00', '04:00']], '3': [['03:00', '12:00']] } },
        `${overlap} seshanba 18:00–04:00 va chorshanba 03:00–12:00 oraliqlari bir-birining ustiga tushadi.`,
      ],
      [
        { working_hours: { '7': [['20:00', '03:00']], '1': [['02:00', '12:00']] } },
        `${overlap} yakshanba 20:00–03:00 va dushanba 02:00–12:00 oraliqlari bir-birining ustiga tushadi.`,
      ],
    ];
    for (const [body, message] of cases) {
      const updated = await updateRestaurantAs('owner', restaurant.slug, body);
      const created = await t.call('admin', {
        method: 'POST',
        url: '/admin/restaurants/create',
        payload: restaurantBody(body),
      });
      for (const res of [updated, created]) {
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        if (typeof message === 'string') expect(res.json().message).toBe(message);
        else expect(res.json().message).toMatch(message);
      }
    }
    expect(await menuSnapshot(t.db)).toBe(before);
    expect(await restaurantCount()).toBe(countBefore);
    const rowAfter = JSON.stringify(
      (await t.call('owner', { method: 'GET', url: `/user/restaurants/view?slug=${restaurant.slug}` })).json(),
    );
    expect(rowAfter).toBe(rowBefore);
  });

  it('take intervals that touch, and an evening that runs into the next morning', async () => {
    const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id });
    const touching = {
      '1': [
        ['10:00', '14:00'],
        ['14:00', '23:00'],
      ],
      '6': [['18:00', '03:00']],
      '7': [['03:00', '12:00']],
    };
    const res = await updateRestaurantAs('owner', restaurant.slug, { working_hours: touching });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.working_hours).toEqual(touching);
  });
});
