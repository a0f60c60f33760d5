/**
 * The panel's texts of a dish's facts (portion, calories, spiciness, tags, allergens), of the hours a category or a
 * dish is served, and of the restaurant's time zone and working hours. Apart from lib/uz.ts because only lazily
 * loaded dialogs and screens use them (lib/uz.ts is in the login page's first download). The fixed lists' own names
 * are lib/dish-facts.ts's (`uz`).
 */

/** A weekday's short and full name, 1 = Monday … 7 = Sunday. */
export const WEEKDAY_SHORT = ['Du', 'Se', 'Ch', 'Pa', 'Ju', 'Sh', 'Ya'] as const;
export const WEEKDAY_FULL = ['Dushanba', 'Seshanba', 'Chorshanba', 'Payshanba', 'Juma', 'Shanba', 'Yakshanba'] as const;

export const uzDishFacts = {
  // The product form's "Taom haqida" section
  factsSection: 'Taom haqida',
  factsSectionEmpty: "Porsiya, kaloriya, teglar va allergenlar ko'rsatilmagan",
  portion: 'Porsiya',
  portionUnit: "O'lchov birligi",
  calories: 'Kaloriya',
  caloriesUnit: 'kkal',
  spiciness: 'Achchiqligi',
  spicinessNone: "Yo'q",
  tags: 'Teglar',
  allergens: 'Allergenlar',
  allergensHelp: 'Taomda bor allergenlarni belgilang: mehmon ularsiz taomlarni saralay oladi.',
  portionInvalid: "Porsiya 1 dan 50 000 gacha butun son bo'lishi kerak",
  caloriesInvalid: "Kaloriya 0 dan 10 000 gacha butun son bo'lishi kerak",

  // The schedule of a category or a dish (one control in both forms)
  scheduleSection: 'Vaqt jadvali',
  scheduleAlways: 'Har doim',
  scheduleAlwaysHelp: "O'chirsangiz, menyuda faqat tanlangan kunlar va soatlarda buyurtma qilinadi.",
  scheduleDays: 'Kunlar',
  scheduleFrom: 'Boshlanishi',
  scheduleTo: 'Tugashi',
  scheduleToHelp: "Tugashi boshlanishidan oldin bo'lsa, vaqt yarim tundan o'tadi (masalan, 22:00–02:00).",
  scheduleOutside: 'Vaqtidan tashqari',
  outsideGrey: "Kulrang ko'rsatish",
  outsideHide: 'Yashirish',
  daysRequired: 'Kamida bitta kunni tanlang',
  timeInvalid: "Vaqtni SS:DD ko'rinishida kiriting (masalan, 08:00)",
  timeSame: "Boshlanish va tugash vaqti bir xil bo'lmasligi kerak",
  everyDay: 'Har kuni',
  /** The list's clock mark, read aloud: `Vaqt jadvali: Du–Ju 12:00–15:00`. */
  scheduledLabel: (text: string) => `Vaqt jadvali: ${text}`,
  sectionHasErrors: 'Xato bor',

  // The restaurant page's "Ish vaqti"
  hoursTitle: 'Ish vaqti',
  hoursAbout:
    'Menyu shu soatlarga qarab ishlaydi: yopiq paytda menyuda "Hozir yopiq" yoziladi, buyurtma va ofitsiantni chaqirish qabul qilinmaydi. Kategoriya va taomlarning vaqt jadvali ham shu vaqt mintaqasida o\'qiladi.',
  timeZone: 'Vaqt mintaqasi',
  alwaysOpen: 'Har doim ochiq',
  alwaysOpenHelp: "O'chirsangiz, har bir kun uchun ish soatlarini kiriting.",
  dayOpen: (day: string) => `${day}: ochiq`,
  dayOff: 'Dam olish kuni',
  dayOpenShort: 'Ochiq',
  intervalFrom: (day: string, n: number) => `${day}, ${n}-oraliq: ochiladi`,
  intervalTo: (day: string, n: number) => `${day}, ${n}-oraliq: yopiladi`,
  addInterval: "Oraliq qo'shish",
  addIntervalFor: (day: string) => `Oraliq qo'shish: ${day}`,
  removeIntervalFor: (day: string, n: number) => `Oraliqni o'chirish: ${day}, ${n}-oraliq`,
  sameEveryDay: 'Har kuni bir xil',
  sameEveryDayHelp: (day: string) => `${day} soatlarini barcha kunlarga qo'yish`,
  noOpenDay: 'Kamida bitta kun ochiq bo\'lsin yoki "Har doim ochiq"ni yoqing',
  timeZoneInvalid: "Vaqt mintaqasi noma'lum",
  /** Two intervals of the week that overlap: `Du 10:00–23:00 va Du 22:00–02:00 ustma-ust tushadi`. */
  intervalsOverlap: (first: string, second: string) => `${first} va ${second} oraliqlari ustma-ust tushadi`,
  hoursSave: 'Ish vaqtini saqlash',
  hoursSaved: 'Ish vaqti saqlandi',
  hoursSaveFailed: "Ish vaqtini saqlab bo'lmadi. Qayta urinib ko'ring.",
  hoursInvalid: "Belgilangan maydonlarni to'g'rilang",
  hoursUnsaved: "Saqlanmagan o'zgarishlar bor",
} as const;

/** The time zones the restaurant page offers first (a restaurant's own other zone is added to them). */
export const TIME_ZONE_NAMES: Record<string, string> = {
  'Asia/Tashkent': 'Toshkent',
  'Asia/Samarkand': 'Samarqand',
  'Asia/Almaty': 'Olmaota',
  'Asia/Bishkek': 'Bishkek',
  'Asia/Dushanbe': 'Dushanbe',
  'Asia/Ashgabat': 'Ashxobod',
  'Asia/Dubai': 'Dubay',
  'Europe/Istanbul': 'Istanbul',
  'Europe/Moscow': 'Moskva',
  UTC: 'UTC',
};
