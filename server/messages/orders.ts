import { waitWords } from './requests';

/**
 * An order's status as a refused move names it. Keyed by the statuses themselves rather than the schema's type, so
 * the catalog imports nothing of the server; a status added there and missing here fails the callers' typecheck.
 */
const STATUS_WORDS = {
  new: 'yangi',
  accepted: 'qabul qilingan',
  served: 'berilgan',
  cancelled: 'bekor qilingan',
} as const;
type OrderStatus = keyof typeof STATUS_WORDS;

/**
 * The diner's orders and calls from a table, and the staff's work on them. `field` is where in the body the fault
 * is (`items.0.row_ids`), so the diner's page can point at the dish.
 */
export const orderMessages = {
  orderNotFound: 'Buyurtma topilmadi.',
  callNotFound: 'Chaqiruv topilmadi.',
  callDoneAlready: 'Bu chaqiruv allaqachon bajarilgan.',
  orderMoveRefused: (current: OrderStatus, to: OrderStatus) =>
    `Buyurtma hozir "${STATUS_WORDS[current]}": uni "${STATUS_WORDS[to]}" holatiga o'tkazib bo'lmaydi.`,

  orderingDisabled: 'Bu restoranda stoldan buyurtma berish yoqilmagan.',
  /** To the diner, whose table's QR code may be an old one. */
  tableNotFoundScanAgain: 'Stol topilmadi. Iltimos, stoldagi QR-kodni qayta skanerlang.',
  tableNotFound: 'Stol topilmadi.',
  tableNameTaken: (name: string) => `"${name}" nomli stol bu restoranda allaqachon bor.`,
  tableRangeReversed: '"to" qiymati "from" qiymatidan kichik bo\'lmasligi kerak.',
  tooManyTables: (max: number) => `Bir martada ko'pi bilan ${max} ta stol qo'shish mumkin.`,
  tableDeleted: "Stol muvaffaqiyatli o'chirildi!",
  /** A table the sync mirrors from the POS: its name and its existence are the POS's. */
  posTableRename: "Bu stol kassadan (POS) olingan: uning nomini kassada o'zgartiring.",
  /** Added to a POS table's name that another table has: " (kassadagi stol)", then " (kassadagi stol 2)"… */
  posTableNameSuffix: (n: number) => (n === 1 ? ' (kassadagi stol)' : ` (kassadagi stol ${n})`),
  posTableDelete:
    "Bu stol kassadan (POS) olingan: uni panelda o'chirib bo'lmaydi, kassada o'chiring yoki o'chirib qo'ying.",

  idempotencyKeyReused:
    'Bu Idempotency-Key boshqa tarkibli buyurtma uchun ishlatilgan. Yangi buyurtmani yangi kalit bilan yuboring.',
  productsUnavailable: "Ba'zi taomlar hozir mavjud emas. Ularni savatdan olib tashlab, qayta yuboring.",
  orderTotalTooLarge: "Buyurtma summasi juda katta: uni bir necha buyurtmaga bo'ling.",
  rowNotOfProduct: (field: string, rowId: string) =>
    `"${field}" maydoni noto'g'ri: ${rowId} qatori bu mahsulotning opsiyalariga tegishli emas.`,
  rowChosenTwice: (field: string, rowId: string) =>
    `"${field}" maydoni noto'g'ri: ${rowId} qatori ikki marta tanlangan.`,
  tooManyRows: (field: string, product: string, option: string, max: number) =>
    `"${field}" maydoni noto'g'ri: "${product}" uchun "${option}" dan ${
      max === 1 ? 'faqat bittasini' : `ko'pi bilan ${max} ta`
    } tanlash mumkin.`,
  requiredOptionMissing: (field: string, product: string, option: string) =>
    `"${field}" maydoni noto'g'ri: "${product}" uchun "${option}" tanlash majburiy.`,
  tooFewRows: (field: string, product: string, option: string, min: number) =>
    `"${field}" maydoni noto'g'ri: "${product}" uchun "${option}" dan kamida ${min} ta tanlash majburiy.`,

  tooManyOrders: (seconds: number) =>
    `Juda ko'p buyurtma yuborildi. Iltimos, ${waitWords(seconds)} so'ng qayta urinib ko'ring.`,
  tooManyCalls: (seconds: number) =>
    `Juda ko'p chaqiruv yuborildi. Iltimos, ${waitWords(seconds)} so'ng qayta urinib ko'ring.`,
  waiterCalledAlready: (seconds: number) =>
    `Ofitsiant chaqirildi va tez orada keladi. Yana chaqirish uchun ${seconds} soniya kuting.`,
  billAskedAlready: (seconds: number) =>
    `Hisob so'raldi va tez orada keltiriladi. Yana so'rash uchun ${seconds} soniya kuting.`,
  orderStreamsBusy: "Hozir kuzatuvlar juda ko'p: buyurtma holati har bir necha soniyada so'rab turiladi.",
};
