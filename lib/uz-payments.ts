import { formatPrice } from './format';
import { tableTitle } from './table-name';

/**
 * The panel's payment texts: the restaurant page's "To'lovlar" section (Payme, Click, the service charge and VAT), the
 * product form's fiscal codes and the orders screen's payment state with "Naqd to'landi". Apart from lib/uz.ts because
 * only lazily loaded screens use them (lib/uz.ts is in the login page's first download).
 */

/** How a payment was made, as the staff read it. */
export const PAYMENT_METHOD_NAMES = { payme: 'Payme', click: 'Click', cash: 'Naqd' } as const;
export type PaymentMethodName = keyof typeof PAYMENT_METHOD_NAMES;

export const uzPayments = {
  // The restaurant page's section
  paymentsTitle: "To'lovlar",
  paymentsAbout:
    "Mehmon stoldagi hisobni telefonidan Payme yoki Click orqali to'laydi. Yoqilgan usul menyuda faqat barcha ma'lumotlari kiritilganda ko'rinadi.",
  paymentsLoadFailed: "To'lov sozlamalarini yuklab bo'lmadi.",
  paymentsSaveFailed: "To'lov sozlamalarini saqlab bo'lmadi. Qayta urinib ko'ring.",
  paymentsSaving: 'Saqlanmoqda...',
  paymentsSaved: "To'lov sozlamalari saqlandi.",
  paymentsUnsaved: "O'zgarishlar hali saqlanmagan.",
  paymentsInvalid: "Qizil bilan belgilangan maydonlarni to'g'rilang.",
  paymeTitle: 'Payme',
  paymeEnabled: "Payme orqali to'lov",
  paymeMerchantId: 'Kassa ID (Merchant ID)',
  paymeMerchantIdHelp: 'Payme kabinetidagi kassa ID si: 24 ta belgi (0-9, a-f).',
  paymeKey: 'Kalit (KEY)',
  paymeTestKey: 'Test kalit (TEST_KEY)',
  paymeTestMode: 'Test rejimi: faqat test kalit qabul qilinadi',
  receiptCodesTitle: 'Chek uchun kodlar',
  receiptCodesAbout:
    "Payme chekida xizmat haqi va choy puli alohida qator bo'lib chiqadi. Ularning kodlari tasnif.soliq.uz dan olinadi; bo'sh qolsa, qator kodsiz chiqadi.",
  serviceIkpu: 'Xizmat haqi IKPU kodi',
  servicePackageCode: 'Xizmat haqi qadoq kodi',
  tipIkpu: 'Choy puli IKPU kodi',
  tipPackageCode: 'Choy puli qadoq kodi',
  clickTitle: 'Click',
  clickEnabled: "Click orqali to'lov",
  clickServiceId: 'Service ID',
  clickMerchantId: 'Merchant ID',
  clickMerchantUserId: 'Merchant user ID',
  clickSecretKey: 'Maxfiy kalit (SECRET_KEY)',
  clickIdHelp: 'Click kabinetidagi raqam: faqat raqamlar.',
  servicePercent: 'Xizmat haqi (%)',
  servicePercentHelp: "Har bir yangi buyurtmaga qo'shiladi (0 dan 30 gacha; 0: yo'q). Avvalgi buyurtmalar o'zgarmaydi.",
  vatPercent: 'QQS (%)',
  vatPercentHelp: "Payme chekidagi taomlar uchun QQS foizi (O'zbekistonda 12).",
  keySet: "o'rnatilgan",
  keyNotSet: "o'rnatilmagan",
  keyRemoving: "saqlanganda o'chiriladi",
  keyKeepPlaceholder: "Bo'sh qoldirilsa, avvalgisi saqlanadi",
  keyNewPlaceholder: 'Kalitni kiriting',
  keyRemove: "O'chirish",
  keyRemoveLabel: (name: string) => `${name} ni o'chirish`,
  keyRemoveUndo: 'Bekor qilish',
  keyRemoveUndoLabel: (name: string) => `${name} ni o'chirishni bekor qilish`,

  // The form's own checks (machines/restaurants/paymentSettings.rules.ts)
  servicePercentInvalid: "Xizmat haqi 0 dan 30 gacha butun son bo'lishi kerak.",
  vatPercentInvalid: "QQS 0 dan 100 gacha butun son bo'lishi kerak.",
  percentRequired: "Foizni kiriting (0 ham bo'lishi mumkin).",
  paymeMerchantIdInvalid: 'Kassa ID 24 ta belgidan iborat: faqat 0-9 raqamlari va a-f harflari.',
  clickIdInvalid: "Faqat raqamlar, ko'pi bilan 12 ta.",
  keyHasSpaces: "Kalitda bo'sh joy bo'lmasligi kerak.",
  keyTooLong: "Kalit 100 belgidan uzun bo'lmasligi kerak.",

  // The product form's fiscal codes (machines/products/productForm.rules.ts)
  ikpu: 'IKPU (MXIK) kodi',
  ikpuHelp: "tasnif.soliq.uz dagi 17 xonali kod. Payme chekiga yoziladi; bo'sh qoldirish mumkin.",
  ikpuInvalid: "IKPU (MXIK) kodi aynan 17 ta raqamdan iborat bo'lishi kerak.",
  packageCode: 'Qadoq kodi',
  packageCodeHelp: "Mahsulotning IKPU kartasidagi qadoq kodi (faqat raqamlar); bo'sh qoldirish mumkin.",
  packageCodeInvalid: "Qadoq kodi faqat raqamlardan iborat bo'lishi kerak (ko'pi bilan 20 ta).",

  // The orders screen (and the Telegram message)
  /** "Xizmat haqi 10 %": an order's service charge, added to its total. */
  serviceLine: (percent: number) => `Xizmat haqi ${percent}\u00a0%`,
  paymentUnpaid: "To'lanmagan",
  paymentPending: "To'lanmoqda",
  paymentPaid: "To'landi",
  paymentRefunded: 'Qaytarildi',
  paymentLabel: "To'lov",
  /** `To'landi · Payme · 125 000 so'm`: the state, how, and the payment's amount when known. */
  paymentLine: (state: string, method: PaymentMethodName | null, amount: number | null) =>
    [state, method ? PAYMENT_METHOD_NAMES[method] : null, amount !== null ? formatPrice(amount) : null]
      .filter((part): part is string => part !== null)
      .join(' · '),
  cashPaid: "Naqd to'landi",
  cashConfirmTitle: "Naqd to'lov",
  cashConfirm: (table: string, orders: number) =>
    `${tableTitle(table)}: ${orders} ta to'lanmagan buyurtma naqd to'landimi?`,
  cashConfirmAmount: 'Jami (xizmat haqi bilan)',
  cashConfirmNote: "Stolning to'lanmagan barcha buyurtmalari naqd to'langan deb belgilanadi.",
  cashYes: "Ha, to'landi",
  cashDone: (table: string, amount: number) => `${tableTitle(table)}: naqd to'lov yozildi · ${formatPrice(amount)}`,
  cashFailed: "Naqd to'lovni yozib bo'lmadi. Qayta urinib ko'ring.",
};
