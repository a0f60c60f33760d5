import type { DishFacts } from '../../../lib/dish-facts';
import type { Language, Translations } from '../../schemas/translations';

/**
 * The demo data set seeded by DEMO=1: Uzbek restaurants with real-looking menus. Prices in so'm. Samarqand Darvozasi
 * offers its menu in four languages with Russian and English texts written here; its Uzbek Cyrillic is the
 * automatic transliteration (right for every text of it, so none is written by hand). Rayhon stays Uzbek only: the
 * end-to-end tests open it with the browser's default en-US and expect the Uzbek menu. Samarqand Darvozasi also takes
 * orders from its tables "1" to "8", whose bills are paid through Payme and Click (with a 10 % service charge); the
 * other restaurants have no tables and ordering off. Where the POS simulator runs, one more restaurant comes from it
 * (DEMO_POS_RESTAURANT). The README's
 * examples are this data: every text of the translated restaurant is translated (the panel flags nothing there).
 */

/** Texts in other languages, as the API takes them: `{ ru: { name: 'Шурпа' } }`. */
interface Translated {
  translations?: Translations;
}
export interface DemoRow extends Translated {
  name: string;
  price: number;
}
export interface DemoOption extends Translated {
  name: string;
  /** The fewest of its rows a diner chooses (default 0: optional) and the most (default 1: one of them). */
  min_choices?: number;
  max_choices?: number;
  rows: DemoRow[];
}
export interface DemoProduct extends Translated {
  name: string;
  description: string;
  price: number;
  /** false: on the stop-list. */
  active?: boolean;
  options?: DemoOption[];
  /** What a diner asks before ordering (lib/dish-facts.ts): the demo's menu shows the badges and filter chips. */
  facts?: Partial<DishFacts>;
}
export interface DemoCategory extends Translated {
  title: string;
  products: DemoProduct[];
}
export interface DemoRestaurant extends Translated {
  /** The menu's languages in order (default `['uz']`). */
  languages?: Language[];
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  /** Index into DEMO_MANAGERS. */
  manager: number;
  is_active?: boolean;
  /** Diners order and call the waiter from the tables' QR codes (default false). */
  ordering_enabled?: boolean;
  /** The restaurant's tables by name, in order (each with its QR code and card), all active. */
  tables?: string[];
  /** Its orders and calls go to the demo Telegram channel (when the Bot API simulator runs). */
  telegram?: boolean;
  /** Diners pay its tables' bills through Payme and Click (demo mode's simulators, server/dev/payments). */
  payments?: DemoPayments;
  /**
   * Its kitchen stations in order, each making the categories named (by title; the first also makes the rest): a
   * station with `printer` prints its tickets on demo mode's printer simulator (server/dev/printer, /dev/printer).
   */
  stations?: { name: string; printer: boolean; categories: string[] }[];
  categories: DemoCategory[];
}

/** A restaurant's payment settings (payment_settings) and its service charge ("Xizmat haqi", percent). */
export interface DemoPayments {
  payme: { merchant_id: string; key: string; test_key: string };
  click: { service_id: string; merchant_id: string; merchant_user_id: string; secret_key: string };
  vat_percent: number;
  service_percent: number;
}

/**
 * Made-up cashbox and service credentials: they open only our own endpoints, called by the simulators that read them
 * back from the restaurant's settings, as Payme and Click know theirs from the merchant's cabinet.
 */
export const DEMO_PAYMENTS: DemoPayments = {
  payme: {
    merchant_id: '6650f2a1c3d4e5f60718293a',
    key: 'demo-payme-kassa-kaliti-0123456789ab',
    test_key: 'demo-payme-test-kaliti-0123456789abc',
  },
  click: {
    service_id: '41001',
    merchant_id: '27002',
    merchant_user_id: '53003',
    secret_key: 'demo-click-maxfiy-kalit',
  },
  vat_percent: 12,
  service_percent: 10,
};

export const DEMO_ADMIN = { login: 'admin', password: 'admin12345' };

/**
 * The demo integration restaurant: imported from the POS simulator's demo organization (Kamalak Kafe — Mirobod,
 * server/dev/pos/sample-data.ts DEMO_POS_ORGANIZATION) as an admin's "Integratsiyadan qo'shish" would, so its menu and
 * its nine tables are the till's; then ordering is turned on, so a diner orders from a table's QR code and the order
 * goes to the till (/dev/iiko). iiko gives no phone or hours: the manager's are filled in here. Seeded only in demo
 * mode with the simulator (never against a real IIKO_API_URL).
 */
export const DEMO_POS_RESTAURANT = {
  /** Index into DEMO_MANAGERS. */
  manager: 1,
  phone_number: '+998 71 233 41 41',
  work_time: '09:00 - 23:00',
};
export const DEMO_MANAGERS = [
  { login: 'rayhon', password: 'manager12345' },
  { login: 'bahor', password: 'manager12345' },
];

/**
 * Option rows are additions to the product's price (as a POS modifier is): the product is priced as one
 * portion, a larger one adds half the price per half portion (rounded to 1 000 so'm), so every dish's rows add what
 * its own price says.
 */
export function portion(productPrice: number): DemoOption {
  const half = Math.round(productPrice / 2 / 1000) * 1000;
  return {
    name: 'Porsiya',
    rows: [
      { name: '1 porsiya', price: 0 },
      { name: '1.5 porsiya', price: half },
      { name: '2 porsiya', price: half * 2 },
    ],
  };
}
/** portion() with its Russian and English names, for the restaurant that offers them. */
function translatedPortion(productPrice: number): DemoOption {
  const plain = portion(productPrice);
  const names = [
    ['1 порция', '1 portion'],
    ['1,5 порции', '1.5 portions'],
    ['2 порции', '2 portions'],
  ] as const;
  return {
    name: plain.name,
    translations: { ru: { name: 'Порция' }, en: { name: 'Portion' } },
    rows: plain.rows.map((row, i) => ({
      ...row,
      translations: { ru: { name: names[i]![0] }, en: { name: names[i]![1] } },
    })),
  };
}
/** A drink priced as its smallest size; the larger ones add to it. */
const size: DemoOption = {
  name: 'Hajmi',
  rows: [
    { name: '0.33 l', price: 0 },
    { name: '0.5 l', price: 4000 },
    { name: '1 l', price: 9000 },
  ],
};
/** A coffee priced as its small cup. */
const cup: DemoOption = {
  name: 'Hajmi',
  rows: [
    { name: 'Kichik (250 ml)', price: 0 },
    { name: "O'rta (350 ml)", price: 4000 },
    { name: 'Katta (450 ml)', price: 7000 },
  ],
};

/** Where demo mode's printer simulator listens (server/dev/printer/demo.ts points the demo's printers at its port). */
export const DEMO_PRINTER = { host: '127.0.0.1', port: 9100, width: 80 as const };

export const DEMO_RESTAURANTS: DemoRestaurant[] = [
  {
    name: 'Rayhon Milliy Taomlari',
    slug: 'rayhon',
    address: "Toshkent sh., Amir Temur ko'chasi, 15",
    phone_number: '+998 71 200 10 10',
    work_time: '09:00 - 23:00',
    manager: 0,
    categories: [
      {
        title: 'Birinchi taomlar',
        products: [
          {
            name: "Sho'rva",
            description: "Qo'y go'shti, kartoshka, sabzi va ko'katlar bilan",
            price: 28000,
            options: [portion(28000)],
          },
          { name: 'Mastava', description: "Guruch, go'sht va sabzavotli an'anaviy sho'rva", price: 25000 },
          {
            name: 'Lag‘mon',
            description: "Qo'lda cho'zilgan xamir, go'sht va sabzavot sousi",
            price: 32000,
            options: [portion(32000)],
          },
          { name: 'Chuchvara', description: 'Qaynatilgan chuchvara, qatiq bilan', price: 27000, active: false },
        ],
      },
      {
        title: 'Ikkinchi taomlar',
        products: [
          {
            name: "Osh (to'y oshi)",
            description: "Devzira guruch, qo'y go'shti, sariq sabzi, no'xat va mayiz",
            price: 45000,
            options: [
              portion(45000),
              {
                name: "Qo'shimcha",
                max_choices: 2,
                rows: [
                  { name: 'Qazi', price: 15000 },
                  { name: 'Bedana tuxumi', price: 5000 },
                ],
              },
            ],
          },
          { name: 'Manti', description: "Bug'da pishirilgan, qo'y go'shti va piyoz bilan (4 dona)", price: 30000 },
          { name: 'Dimlama', description: "Go'sht va sabzavotlar o'z sharbatida dimlangan", price: 38000 },
          { name: 'Qozon kabob', description: "Qovurilgan go'sht va kartoshka", price: 52000, active: false },
        ],
      },
      {
        title: 'Kaboblar',
        products: [
          { name: 'Jigar kabob', description: "Qo'y jigari, dumba bilan", price: 18000 },
          { name: 'Qiyma kabob', description: "Mol go'shti qiymasi, ziravorlar", price: 20000 },
          { name: 'Tovuq kabob', description: "Marinadlangan tovuq go'shti", price: 17000 },
        ],
      },
      {
        title: 'Salatlar',
        products: [
          { name: 'Achchiq-chuchuk', description: 'Pomidor, piyoz va achchiq qalampir', price: 12000 },
          { name: 'Toshkent salati', description: "Turp, mol go'shti, tuxum", price: 22000 },
        ],
      },
      {
        title: 'Ichimliklar',
        products: [
          { name: "Ko'k choy", description: 'Choynakda', price: 5000 },
          { name: 'Kompot', description: 'Uy sharoitida tayyorlangan mevali ichimlik', price: 8000, options: [size] },
          { name: 'Ayron', description: 'Sovuq, tuzli', price: 7000 },
        ],
      },
      {
        title: 'Shirinliklar',
        products: [
          { name: 'Chak-chak', description: 'Asal bilan', price: 15000 },
          { name: 'Navvot', description: "Choyga qo'shimcha", price: 6000 },
        ],
      },
    ],
  },
  {
    name: 'Samarqand Darvozasi',
    slug: 'samarqand-darvozasi',
    address: "Samarqand sh., Registon ko'chasi, 3",
    phone_number: '+998 66 233 44 55',
    work_time: 'Har kuni 10:00 dan 00:00 gacha',
    manager: 0,
    languages: ['uz', 'uz-Cyrl', 'ru', 'en'],
    // `npm start` shows the whole ordering loop here (a table's QR code, the cart, the manager's orders).
    ordering_enabled: true,
    tables: ['1', '2', '3', '4', '5', '6', '7', '8'],
    telegram: true,
    payments: DEMO_PAYMENTS,
    stations: [
      { name: 'Oshxona', printer: true, categories: ['Non va somsa', 'Milliy taomlar', 'Suyuq taomlar'] },
      { name: 'Bar', printer: false, categories: ['Ichimliklar'] },
    ],
    translations: {
      ru: {
        name: 'Самаркандские ворота',
        address: 'г. Самарканд, ул. Регистан, 3',
        work_time: 'Ежедневно с 10:00 до 00:00',
      },
      en: { name: 'Samarkand Gate', address: '3 Registon street, Samarkand', work_time: 'Daily, 10 am to midnight' },
    },
    categories: [
      {
        title: 'Non va somsa',
        translations: { ru: { title: 'Хлеб и самса' }, en: { title: 'Bread and samsa' } },
        products: [
          {
            name: 'Samarqand noni',
            facts: {
              portion: { value: 500, unit: 'g' },
              calories: 1250,
              tags: ['halal', 'vegetarian'],
              allergens: ['gluten', 'sesame'],
            },
            description: 'Tandirda yopilgan',
            price: 8000,
            translations: {
              ru: { name: 'Самаркандская лепёшка', description: 'Испечена в тандыре' },
              en: { name: 'Samarkand bread', description: 'Baked in a tandoor' },
            },
          },
          {
            name: 'Tandir somsa',
            facts: { portion: { value: 1, unit: 'dona' }, calories: 320, tags: ['halal'], allergens: ['gluten'] },
            description: "Qo'y go'shti va piyoz",
            price: 9000,
            translations: {
              ru: { name: 'Тандырная самса', description: 'Баранина и лук' },
              en: { name: 'Tandoor samsa', description: 'Lamb and onion' },
            },
          },
        ],
      },
      {
        title: 'Milliy taomlar',
        translations: { ru: { title: 'Национальные блюда' }, en: { title: 'National dishes' } },
        products: [
          {
            name: 'Samarqand oshi',
            facts: { portion: { value: 350, unit: 'g' }, calories: 820, tags: ['halal', 'chef'] },
            description: "Qatlama usulida, go'sht ustida",
            price: 48000,
            options: [{ ...translatedPortion(48000), min_choices: 1 }],
            translations: {
              ru: { name: 'Самаркандский плов', description: 'Слоями, мясо сверху' },
              en: { name: 'Samarkand plov', description: 'Layered, with the meat on top' },
            },
          },
          {
            name: 'Tandir go‘sht',
            facts: { portion: { value: 300, unit: 'g' }, calories: 690, tags: ['halal'] },
            description: "Tandirda 6 soat dimlangan qo'y go'shti",
            price: 65000,
            translations: {
              ru: { name: 'Тандыр-гушт', description: 'Баранина, томлённая в тандыре 6 часов' },
              en: { name: 'Tandoor lamb', description: 'Lamb slow-cooked in a tandoor for 6 hours' },
            },
          },
        ],
      },
      // The README's search examples are this menu's: "шурва" finds Sho'rva, and on the Russian page "shurva" finds
      // Шурпа by its Uzbek name.
      {
        title: 'Suyuq taomlar',
        translations: { ru: { title: 'Супы' }, en: { title: 'Soups' } },
        products: [
          {
            name: "Sho'rva",
            facts: { portion: { value: 400, unit: 'ml' }, calories: 310, tags: ['halal'], allergens: ['celery'] },
            description: "Qo'y go'shti, kartoshka, sabzi va ko'katlar bilan",
            price: 30000,
            options: [translatedPortion(30000)],
            translations: {
              ru: { name: 'Шурпа', description: 'Баранина, картофель, морковь и зелень' },
              en: { name: 'Shurpa', description: 'Lamb, potatoes, carrots and herbs' },
            },
          },
          {
            name: 'Lag‘mon',
            facts: {
              portion: { value: 400, unit: 'g' },
              calories: 610,
              spiciness: 2,
              tags: ['halal', 'spicy'],
              allergens: ['gluten', 'eggs'],
            },
            description: "Qo'lda cho'zilgan xamir, go'sht va sabzavot sousi",
            price: 34000,
            options: [translatedPortion(34000)],
            translations: {
              ru: { name: 'Лагман', description: 'Тянутая вручную лапша, мясо и овощной соус' },
              en: { name: 'Lagman', description: 'Hand-pulled noodles with meat and vegetable sauce' },
            },
          },
          {
            name: 'Mastava',
            facts: { portion: { value: 400, unit: 'ml' }, calories: 340, tags: ['halal'] },
            description: "Guruch, go'sht va sabzavotli sho'rva",
            price: 26000,
            translations: {
              ru: { name: 'Мастава', description: 'Суп с рисом, мясом и овощами' },
              en: { name: 'Mastava rice soup', description: 'With meat and vegetables' },
            },
          },
        ],
      },
      {
        title: 'Ichimliklar',
        translations: { ru: { title: 'Напитки' }, en: { title: 'Drinks' } },
        products: [
          {
            name: "Ko'k choy",
            description: 'Choynakda',
            price: 5000,
            translations: {
              ru: { name: 'Зелёный чай', description: 'В чайнике' },
              en: { name: 'Green tea', description: 'A teapot' },
            },
          },
          {
            name: 'Ayron',
            description: 'Sovuq, tuzli',
            price: 7000,
            translations: {
              ru: { name: 'Айран', description: 'Холодный, солёный' },
              en: { name: 'Ayran', description: 'Cold and salted' },
            },
          },
        ],
      },
    ],
  },
  {
    name: 'Bahor Kafe',
    slug: 'bahor-kafe',
    address: "Buxoro sh., Mustaqillik ko'chasi, 42",
    phone_number: '+998 65 221 00 77',
    work_time: '08:00 - 22:00',
    manager: 1,
    is_active: false,
    categories: [
      {
        title: 'Nonushta',
        products: [
          { name: 'Quymoq', description: 'Asal va qaymoq bilan', price: 18000 },
          { name: 'Tuxum barak', description: "Bug'da pishirilgan, sariyog' bilan", price: 16000 },
        ],
      },
      {
        title: 'Qahva',
        products: [
          { name: 'Kapuchino', description: '', price: 20000, options: [cup] },
          { name: 'Amerikano', description: '', price: 16000 },
        ],
      },
    ],
  },
];
