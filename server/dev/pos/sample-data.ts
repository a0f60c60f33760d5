/**
 * The simulator's sample restaurants: two Tashkent organizations with Uzbek menus, and the demo's own (added by the demo
 * seed, DEMO_POS_ORGANIZATION). Kept as plain data so the demo and the tests read the same menu; ids are derived from
 * names (stable across restarts, see build.ts).
 */

export interface SampleProduct {
  name: string;
  price: number;
  description?: string;
  /** Keys of SampleOrganization.modifierGroups offered with this product (iiko groupModifiers). */
  modifierGroups?: string[];
  /** Names of SampleOrganization.simpleModifiers offered with this product (iiko modifiers). */
  extras?: string[];
  /** iiko sizes: name and price; the first is the default size. */
  sizes?: [name: string, price: number][];
  /** Present in iiko with isDeleted: true (must not reach the menu). */
  deleted?: boolean;
  /** What iiko's technological card says of the dish: its portion and calories on our menu. Absent: nothing. */
  nutrition?: SampleNutrition;
}

/** iiko's own fields of a product, as its nomenclature answers them. */
export interface SampleNutrition {
  /** Kilograms. */
  weight: number;
  /** "л": sold in litres (a drink); absent: the simulator's "porc". */
  measureUnit?: string;
  /** kcal per 100 g. */
  energyAmount?: number;
  /** kcal per item. */
  energyFullAmount?: number;
}

export interface SampleGroup {
  name: string;
  products: SampleProduct[];
  deleted?: boolean;
}

/** A hall of the organization's till ("restaurant section"): its tables as number, name and seats. */
export interface SampleHall {
  name: string;
  tables: [number: number, name: string, seats: number][];
}

export interface SampleOrganization {
  name: string;
  /** The halls of its till; absent: one hall `Asosiy zal` with six tables numbered and named 1…6. */
  halls?: SampleHall[];
  /** iiko's `restaurantAddress` (answered with `returnAdditionalInfo`); absent: the POS has none, as happens. */
  address?: string;
  groups: SampleGroup[];
  /** iiko's minAmount / maxAmount of the group (default 0 and 1). */
  modifierGroups: Record<
    string,
    { name: string; items: [name: string, price: number][]; minAmount?: number; maxAmount?: number }
  >;
  simpleModifiers: [name: string, price: number][];
  /** Product name → stop-list balance (<= 0: unavailable; > 0: counted stock, still available). */
  stopList: Record<string, number>;
}

export const SAMPLE_ORGANIZATIONS: SampleOrganization[] = [
  {
    name: 'Choyxona Navroʻz — Chilonzor',
    address: "Toshkent, Chilonzor tumani, Bunyodkor ko'chasi 12",
    modifierGroups: {
      garnir: {
        name: 'Garnir',
        minAmount: 1,
        items: [
          ['Guruch', 8000],
          ['Kartoshka fri', 12000],
          ['Piyozli salat', 6000],
        ],
      },
      sous: {
        name: 'Sous',
        items: [
          ['Tomatli sous', 3000],
          ['Achchiq sous', 3000],
          ['Chesnokli sous', 4000],
        ],
      },
      osh: {
        name: "Oshga qo'shimcha",
        maxAmount: 2,
        items: [
          ['Qazi', 15000],
          ['Bedana tuxum (3 dona)', 6000],
          ['Noxat', 0],
        ],
      },
    },
    simpleModifiers: [
      ['Limon', 3000],
      ['Asal', 6000],
      ['Navvot', 4000],
    ],
    groups: [
      {
        name: 'Birinchi taomlar',
        products: [
          {
            name: 'Mastava',
            price: 28000,
            description: "Guruchli, mol go'shtli an'anaviy sho'rva",
            nutrition: { weight: 0.35, energyAmount: 80 },
          },
          { name: "Sho'rva (qo'y go'shtli)", price: 35000, description: "Qo'y go'shti, kartoshka, sabzi" },
          { name: 'Chuchvara', price: 30000 },
          { name: "Moshxo'rda", price: 26000 },
          { name: "Suyuq lag'mon", price: 32000 },
        ],
      },
      {
        name: 'Milliy taomlar',
        products: [
          {
            name: 'Choyxona oshi',
            price: 38000,
            description: "Qo'y go'shti, sariq sabzi, devzira guruch",
            modifierGroups: ['osh'],
            nutrition: { weight: 0.4, energyAmount: 170, energyFullAmount: 720 },
          },
          { name: "To'y oshi", price: 42000, modifierGroups: ['osh'] },
          { name: "Qovurma lag'mon", price: 36000 },
          { name: 'Manti (5 dona)', price: 30000, modifierGroups: ['sous'] },
          { name: 'Dimlama', price: 40000 },
          { name: 'Norin', price: 34000 },
          { name: 'Qozon kabob', price: 55000, modifierGroups: ['garnir'] },
          { name: "Tandir go'sht", price: 60000, description: "Tandirda pishirilgan qo'y go'shti" },
        ],
      },
      {
        name: 'Shashliklar',
        products: [
          { name: "Qo'y go'shti shashlik", price: 22000, modifierGroups: ['garnir', 'sous'] },
          { name: "Mol go'shti shashlik", price: 20000, modifierGroups: ['garnir', 'sous'] },
          { name: 'Jigar shashlik', price: 16000, modifierGroups: ['sous'] },
          { name: 'Tovuq shashlik', price: 15000, modifierGroups: ['garnir', 'sous'] },
          { name: 'Lula kabob', price: 18000, modifierGroups: ['garnir', 'sous'] },
          { name: 'Qiyma kabob', price: 17000, modifierGroups: ['sous'] },
          { name: 'Qanot shashlik', price: 15000, modifierGroups: ['sous'] },
          { name: "Bo'ydoq kabob", price: 19000, deleted: true },
        ],
      },
      {
        name: 'Salatlar',
        products: [
          { name: 'Achchiq-chuchuk', price: 15000, description: 'Pomidor, bodring, piyoz, rayhon' },
          { name: 'Toshkent salati', price: 28000 },
          { name: 'Olivye', price: 22000 },
          { name: 'Vitaminli salat', price: 18000 },
          { name: 'Sezar (tovuqli)', price: 32000 },
          { name: 'Qarsildoq baqlajon', price: 25000 },
        ],
      },
      {
        name: 'Non va pishiriqlar',
        products: [
          { name: 'Tandir non', price: 5000, nutrition: { weight: 0.25 } },
          { name: 'Patir non', price: 12000 },
          { name: 'Tandir somsa', price: 9000, description: "Qo'y go'shti va dumba yog'i bilan" },
          { name: 'Qatlama', price: 15000 },
          { name: "Ko'k somsa", price: 7000 },
        ],
      },
      {
        name: 'Shirinliklar',
        products: [
          { name: 'Chak-chak', price: 18000 },
          { name: 'Navvot (100 g)', price: 8000 },
          { name: 'Paxlava', price: 20000 },
          { name: 'Muzqaymoq (3 shar)', price: 22000 },
        ],
      },
      {
        name: 'Ichimliklar',
        products: [
          { name: "Ko'k choy (choynak)", price: 8000, extras: ['Limon', 'Asal', 'Navvot'] },
          { name: 'Qora choy (choynak)', price: 8000, extras: ['Limon', 'Asal', 'Navvot'] },
          { name: 'Limonli choy', price: 12000, extras: ['Asal'] },
          { name: 'Kompot (1 L)', price: 18000, nutrition: { weight: 1, measureUnit: 'л', energyAmount: 40 } },
          { name: 'Ayron', price: 10000 },
          { name: 'Mineral suv (0,5 L)', price: 5000 },
          { name: 'Olma sharbati', price: 14000 },
        ],
      },
      {
        name: 'Eski menyu',
        deleted: true,
        products: [{ name: 'Eski osh', price: 30000 }],
      },
    ],
    stopList: { "Tandir go'sht": 0, 'Qanot shashlik': -1, 'Patir non': 12 },
  },
  {
    name: 'Lavash Markazi — Yunusobod',
    modifierGroups: {
      non: {
        name: 'Non turi',
        items: [
          ['Oddiy non', 0],
          ['Pishloqli non', 5000],
          ['Achchiq non', 3000],
        ],
      },
      extra: {
        name: "Qo'shimchalar",
        items: [
          ['Pishloq', 5000],
          ['Jalapeno', 4000],
          ["Qo'ziqorin", 6000],
          ["Qo'shimcha go'sht", 12000],
        ],
      },
      bort: {
        name: 'Pitsa bort',
        items: [
          ['Oddiy bort', 0],
          ['Pishloqli bort', 12000],
        ],
      },
      sous: {
        name: 'Sous tanlang',
        items: [
          ['Ketchup', 3000],
          ['Pishloqli sous', 4000],
          ['Chesnokli sous', 3000],
          ['Barbekyu', 4000],
        ],
      },
    },
    simpleModifiers: [
      ['Shakar', 0],
      ['Sut', 3000],
      ['Sirop', 5000],
    ],
    groups: [
      {
        name: 'Lavashlar',
        products: [
          {
            name: "Mol go'shtli lavash",
            price: 32000,
            description: "Mol go'shti, pomidor, bodring, chips, maxsus sous",
            modifierGroups: ['non', 'extra'],
          },
          { name: 'Tovuqli lavash', price: 29000, modifierGroups: ['non', 'extra'] },
          { name: 'Pishloqli lavash', price: 35000, modifierGroups: ['non', 'extra'] },
          { name: 'Achchiq lavash', price: 33000, modifierGroups: ['non', 'extra'] },
          { name: 'Mini lavash', price: 24000, modifierGroups: ['non'] },
          { name: 'Tandir lavash', price: 36000, modifierGroups: ['extra'] },
          { name: 'Kombo 1 (eski)', price: 45000, deleted: true },
        ],
      },
      {
        name: 'Shaurma va donar',
        products: [
          { name: 'Shaurma', price: 30000, modifierGroups: ['extra'] },
          { name: 'Tovuqli donar', price: 27000 },
          { name: 'Donar kabob (tarelkada)', price: 38000, description: "Go'sht, kartoshka fri, salat, sous" },
          { name: 'Klab-sendvich', price: 30000 },
        ],
      },
      {
        name: 'Burgerlar',
        products: [
          { name: 'Gamburger', price: 28000, modifierGroups: ['extra'] },
          { name: 'Chizburger', price: 31000, modifierGroups: ['extra'] },
          {
            name: 'Dabl burger',
            price: 45000,
            description: "Ikki qavat mol go'shti kotleti",
            modifierGroups: ['extra'],
          },
          { name: 'Tovuqli burger', price: 29000, modifierGroups: ['extra'] },
          { name: 'Baliqli burger', price: 33000 },
        ],
      },
      {
        name: 'Hot-doglar',
        products: [
          { name: 'Klassik hot-dog', price: 15000 },
          { name: 'Fransuzcha hot-dog', price: 18000 },
          { name: 'Qazili hot-dog', price: 22000 },
          { name: 'Dabl hot-dog', price: 24000 },
        ],
      },
      {
        name: 'Pitsa',
        products: [
          { name: 'Margarita', price: 59000, modifierGroups: ['bort'] },
          { name: 'Pepperoni', price: 69000, modifierGroups: ['bort'] },
          { name: 'Qazili pitsa', price: 75000, modifierGroups: ['bort'] },
          { name: 'Tovuqli pitsa', price: 65000, modifierGroups: ['bort'] },
          { name: "To'rt pishloq", price: 79000, modifierGroups: ['bort'] },
        ],
      },
      {
        name: 'Gazaklar',
        products: [
          { name: 'Kartoshka fri', price: 14000, modifierGroups: ['sous'] },
          { name: 'Qishloqcha kartoshka', price: 16000, modifierGroups: ['sous'] },
          { name: 'Naggetslar (6 dona)', price: 22000, modifierGroups: ['sous'] },
          { name: 'Strips (4 dona)', price: 24000, modifierGroups: ['sous'] },
          { name: 'Piyoz halqalari', price: 16000, modifierGroups: ['sous'] },
        ],
      },
      {
        name: 'Ichimliklar',
        products: [
          {
            name: 'Coca-Cola',
            price: 9000,
            sizes: [
              ['0,5 L', 9000],
              ['1 L', 14000],
            ],
          },
          { name: 'Fanta (0,5 L)', price: 9000 },
          { name: 'Sprite (0,5 L)', price: 9000 },
          { name: 'Choy', price: 5000, extras: ['Shakar'] },
          { name: 'Amerikano', price: 15000, extras: ['Shakar', 'Sut', 'Sirop'] },
          { name: 'Kapuchino', price: 19000, extras: ['Shakar', 'Sirop'] },
          { name: 'Mineral suv', price: 5000 },
          { name: 'Ayron', price: 8000 },
        ],
      },
      {
        name: 'Desertlar',
        products: [
          { name: 'Chizkeyk', price: 25000 },
          { name: 'Medovik', price: 22000 },
          { name: 'Muzqaymoq', price: 12000 },
          { name: 'Qulupnayli milksheyk', price: 20000 },
        ],
      },
    ],
    stopList: { 'Qazili pitsa': 0, Medovik: 0 },
  },
];

/**
 * The demo integration restaurant's organization: not among the sample organizations a simulator starts with (the
 * tests' simulators, and the admin's "Integratsiyadan qo'shish" in demo mode, keep those two), it is added by the demo
 * seed at every demo start (server/dev/demo/seed.ts), which links a restaurant to it once. Its till has a realistic
 * floor: a main hall, a veranda and a private room, nine tables in all.
 */
export const DEMO_POS_ORGANIZATION: SampleOrganization = {
  name: 'Kamalak Kafe — Mirobod',
  address: "Toshkent, Mirobod tumani, Amir Temur ko'chasi 41",
  halls: [
    {
      name: 'Asosiy zal',
      tables: [
        [1, '1', 4],
        [2, '2', 4],
        [3, '3', 4],
        [4, '4', 4],
        [5, '5', 6],
        [6, '6', 6],
      ],
    },
    {
      name: 'Ayvon',
      tables: [
        [7, 'Ayvon 7', 4],
        [8, 'Ayvon 8', 8],
      ],
    },
    { name: 'VIP', tables: [[9, 'VIP xona', 10]] },
  ],
  modifierGroups: {
    garnir: {
      name: 'Garnir',
      minAmount: 1,
      items: [
        ['Guruch', 7000],
        ['Kartoshka fri', 10000],
        ['Grechka', 7000],
      ],
    },
    sous: {
      name: 'Sous',
      items: [
        ['Tomatli sous', 3000],
        ['Chesnokli sous', 3000],
        ['Achchiq sous', 3000],
      ],
    },
    osh: {
      name: "Oshga qo'shimcha",
      maxAmount: 2,
      items: [
        ['Qazi', 15000],
        ['Bedana tuxum (3 dona)', 6000],
      ],
    },
  },
  simpleModifiers: [
    ['Limon', 3000],
    ['Asal', 5000],
    ['Sut', 3000],
  ],
  groups: [
    {
      name: 'Birinchi taomlar',
      products: [
        {
          name: 'Mastava',
          price: 27000,
          description: "Guruch, mol go'shti va sabzavotli sho'rva",
          nutrition: { weight: 0.35, energyAmount: 85 },
        },
        {
          name: "Sho'rva",
          price: 33000,
          description: "Qo'y go'shti, kartoshka, sabzi, no'xat",
          nutrition: { weight: 0.4, energyFullAmount: 360 },
        },
        { name: "Suyuq lag'mon", price: 30000 },
      ],
    },
    {
      name: 'Milliy taomlar',
      products: [
        {
          name: 'Kamalak oshi',
          price: 39000,
          description: "Devzira guruch, qo'y go'shti, sariq sabzi",
          modifierGroups: ['osh'],
          nutrition: { weight: 0.35, energyAmount: 180 },
        },
        { name: "Qovurma lag'mon", price: 35000 },
        {
          name: 'Manti (4 dona)',
          price: 29000,
          modifierGroups: ['sous'],
          nutrition: { weight: 0.3, energyFullAmount: 540 },
        },
        { name: 'Dimlama', price: 38000 },
        { name: 'Qozon kabob', price: 52000, modifierGroups: ['garnir'] },
      ],
    },
    {
      name: 'Kaboblar',
      products: [
        {
          name: "Qo'y go'shti kabob",
          price: 21000,
          modifierGroups: ['garnir', 'sous'],
          nutrition: { weight: 0.15, energyAmount: 250 },
        },
        { name: 'Lula kabob', price: 18000, modifierGroups: ['garnir', 'sous'] },
        { name: 'Tovuq kabob', price: 16000, modifierGroups: ['garnir', 'sous'] },
        { name: 'Jigar kabob', price: 15000, modifierGroups: ['sous'] },
      ],
    },
    {
      name: 'Salatlar va non',
      products: [
        {
          name: 'Achchiq-chuchuk',
          price: 14000,
          description: 'Pomidor, piyoz, rayhon',
          nutrition: { weight: 0.2, energyAmount: 25 },
        },
        { name: 'Toshkent salati', price: 26000 },
        { name: 'Tandir non', price: 5000, nutrition: { weight: 0.25, energyAmount: 260 } },
        { name: 'Tandir somsa', price: 9000 },
      ],
    },
    {
      name: 'Ichimliklar',
      products: [
        { name: "Ko'k choy (choynak)", price: 7000, extras: ['Limon', 'Asal'] },
        { name: 'Qora choy (choynak)', price: 7000, extras: ['Limon', 'Asal', 'Sut'] },
        {
          name: 'Kompot',
          price: 9000,
          // The default size's: 0,5 L.
          nutrition: { weight: 0.5, measureUnit: 'л', energyAmount: 45 },
          sizes: [
            ['0,5 L', 9000],
            ['1 L', 16000],
          ],
        },
        { name: 'Ayron', price: 9000, nutrition: { weight: 0.3, measureUnit: 'л', energyAmount: 40 } },
        { name: 'Mineral suv (0,5 L)', price: 5000 },
      ],
    },
    {
      name: 'Shirinliklar',
      products: [
        { name: 'Chak-chak', price: 16000, nutrition: { weight: 0.15, energyAmount: 420 } },
        { name: 'Muzqaymoq (2 shar)', price: 15000 },
      ],
    },
  ],
  stopList: { 'Qozon kabob': 0 },
};
