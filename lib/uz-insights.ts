/**
 * The panel's report texts ("Hisobot"): the period choice, the figures, the chart, the lists and the exports. Apart
 * from lib/uz.ts because only the lazily loaded report screen uses them (lib/uz.ts is in the login page's download).
 */

/** The longest period the server answers (a year, a leap one included). */
export const MAX_PERIOD_DAYS = 366;

export const uzInsights = {
  title: 'Hisobot',
  /** Under the title, whose report it is: "Restoran: Rayhon", or "Butun platforma: barcha restoranlar". */
  restaurantLabel: 'Restoran',
  platformLabel: 'Butun platforma',
  platformName: 'barcha restoranlar',

  // The period
  period: 'Davr',
  today: 'Bugun',
  yesterday: 'Kecha',
  week: '7 kun',
  month: '30 kun',
  custom: 'Boshqa davr',
  rangeFrom: 'Boshlanish kuni',
  rangeTo: 'Oxirgi kun',
  rangeApply: "Ko'rsatish",
  rangeClose: 'Yopish',
  fromRequired: 'Boshlanish kunini tanlang',
  toRequired: 'Oxirgi kunni tanlang',
  dateInvalid: "Sana noto'g'ri",
  rangeOrder: "Oxirgi kun boshlanish kunidan oldin bo'lmasin",
  rangeTooLong: `Davr ${MAX_PERIOD_DAYS} kundan oshmasin`,
  rangeFuture: "Bugundan keyingi kunni tanlab bo'lmaydi",

  // The headline figures
  figures: 'Asosiy raqamlar',
  menuOpens: 'Menyu ochildi',
  orders: 'Buyurtmalar',
  revenue: 'Tushum',
  averageCheck: "O'rtacha chek",
  acceptMedian: 'Qabul qilish vaqti (median)',
  serveMedian: 'Berilgunicha vaqt (median)',
  callMedian: 'Chaqiruvga javob (median)',
  unavailableRefusals: "Mavjud bo'lmagani uchun rad etildi",
  /** A median with nothing to measure (no order accepted, no call answered). */
  notMeasured: '—',
  hoursUnit: 'soat',
  minutesUnit: 'daq',
  secondsUnit: 's',

  // What the screen is doing
  loadFailed: "Hisobotni yuklab bo'lmadi.",
  empty: "Bu davrda hali hech narsa bo'lmadi: menyu ochilmagan, buyurtma ham berilmagan.",
  restaurantNotFound: 'Restoran topilmadi.',

  // The chart and its table
  chartByDay: "Menyu ochilishi va buyurtmalar, kunlar bo'yicha",
  chartByHour: "Menyu ochilishi va buyurtmalar, soatlar bo'yicha",
  chartAsTable: "Jadval ko'rinishida",
  day: 'Kun',
  hour: 'Soat',

  // The lists
  topDishes: "Eng ko'p buyurtma qilingan taomlar",
  dish: 'Taom',
  quantity: 'Soni',
  leastOrdered: 'Eng kam buyurtma qilingan taomlar',
  refusedDishes: "Mavjud bo'lmagani uchun rad etilgan taomlar",
  refusedDishesHelp: "Stop-listda yoki o'z vaqtidan tashqarida bo'lgani uchun buyurtma qilib bo'lmadi.",
  refused: 'Rad etildi',
  categories: "Kategoriyalar, tushum bo'yicha",
  category: 'Kategoriya',
  viewedNotOrdered: "Ko'riladi, buyurtma qilinmaydi",
  viewedNotOrderedHelp: "Taomni ochib ko'rishdi, lekin buyurtma qilishmadi.",
  views: "Ko'rildi",
  tablesByRevenue: "Stollar, tushum bo'yicha",
  table: 'Stol',
  emptySearches: 'Natija bermagan qidiruvlar',
  searchText: "Qidirilgan so'z",
  searchCount: 'Necha marta',
  nothingYet: "Hozircha yo'q.",

  // The exports
  exportCsv: 'CSV yuklab olish',
  exportXlsx: 'Excel yuklab olish',
  exportFailed: "Faylni yuklab bo'lmadi",
} as const;
