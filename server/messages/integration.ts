/** Creating a restaurant from a POS and syncing it (docs/integration.md). */
export const integrationMessages = {
  /** Spec section 5. */
  selectRestaurantAndManager: 'Iltimos, restoran va menedjer tanlang!',
  /** Spec section 8. */
  syncFailed: 'Restoranni yangilashda xatolik yuz berdi!',
  /** Spec section 8. */
  createFailed: "Restoran qo'shishda xatolik yuz berdi!",
  /** Spec section 8: the POS's restaurants could not be listed. */
  listFailed: "Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.",
  sourceNotConfigured: 'Integratsiya manbasi sozlanmagan',
  notIntegration: "Bu restoran integratsiya orqali qo'shilmagan, uni sinxronlab bo'lmaydi.",
  otherProvider: "Bu restoran boshqa integratsiya manbasiga bog'langan.",
  syncRunning: 'Bu restoran hozir sinxronlanmoqda. Iltimos, tugashini kuting.',
  alreadyLinked: "Bu restoran allaqachon integratsiyadan qo'shilgan.",
  createRunning: "Bu restoran hozir qo'shilmoqda. Iltimos, tugashini kuting.",
  organizationNotFound: 'Integratsiya manbasida bunday restoran topilmadi.',
  /** The POS's terminal groups could not be read to check the one chosen for table orders. */
  terminalGroupsFailed: "Kassa guruhlarini POS'dan olib bo'lmadi. Birozdan so'ng qayta urinib ko'ring.",
  unknownTerminalGroup: (id: string) => `"${id}" kassa guruhi POS'da topilmadi.`,
  terminalGroupNotIntegration: "Kassa guruhini faqat integratsiya orqali qo'shilgan restoranga tanlash mumkin.",
  /** Why an order is not on the till (after "Kassaga yuborilmadi: "), when the till never answered about it. */
  tillNotConnected: 'Restoran kassaga ulanmagan: integratsiya manbasi sozlanmagan',
  tillNoTerminalGroup: "Kassada buyurtma qabul qiladigan kassa guruhi yo'q",
  tillUnknownDishes: (dishes: string) => `Bu taomlar kassada yo'q: ${dishes}. Menyuni iiko bilan sinxronlang`,
  tillStopListed: (dishes: string) => `Kassada tugagan (stop-list): ${dishes}. Taom menyudan olindi`,
  /** POST /manager/orders/{id}/pos-retry on an order whose sending has not failed. */
  tillRetryNotFailed: 'Buyurtma kassaga yuborilmoqda yoki allaqachon kassada: qayta yuborish shart emas',
  tillOrderCancelled: 'Buyurtma bekor qilingan: kassaga yuborilmadi',
  tillRetryCancelled: "Bekor qilingan buyurtmani kassaga yuborib bo'lmaydi",
  tillRetryNoPos: 'Bu buyurtma kassaga yuborilmaydi: restoran kassaga ulanmagan',
  /** Recorded on a sync the server stopped in the middle of, for the restaurant view. */
  syncInterrupted: "Sinxronlash yakunlanmadi: server to'xtab qolgan.",
};

/**
 * Recorded in sync_runs.error before the technical detail, so the restaurant view can say what went wrong; keyed by
 * PosErrorKind (integrations/provider.ts), whose every kind must be here for failures.ts to typecheck.
 */
export const posFailureReasons = {
  timeout: 'POS belgilangan vaqt ichida javob bermadi',
  unavailable: 'POS ishlamayapti yoki xatolik qaytardi',
  rejected: "POS so'rovni rad etdi",
  'bad-response': "POS javobini o'qib bo'lmadi",
} as const;

/**
 * Why a table order did not reach the till, for the staff, keyed by TableOrderFailureKind
 * (integrations/till.ts): the technical detail follows it in logs and order views.
 */
export const tableOrderFailureReasons = {
  timeout: 'iiko belgilangan vaqt ichida javob bermadi',
  unavailable: 'iiko ishlamayapti yoki xatolik qaytardi',
  'terminal-offline': 'Kassa (iikoFront) aloqada emas: buyurtma kassaga yetib bormadi',
  rejected: "iiko so'rovni rad etdi",
  'product-not-found': "Buyurtmadagi taom yoki qo'shimcha kassada topilmadi: menyuni iiko bilan sinxronlang",
  'stop-listed': 'Buyurtmadagi taom kassada tugagan (stop-list)',
  'order-not-found': 'Kassada bu buyurtma topilmadi yoki u yopilgan',
  duplicate: 'Bu buyurtma kassaga avval yuborilgan',
  refused: 'Kassa buyurtmani qabul qilmadi',
  'command-expired': 'iiko bu buyruqning holatini endi saqlamaydi: buyurtmani kassadan tekshirish kerak',
  'bad-response': "iiko javobini o'qib bo'lmadi",
} as const;
