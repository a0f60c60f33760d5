/**
 * What Payme's Merchant API calls are answered with, in Payme's own format: each error's `message` in the three
 * languages Payme shows its payer (`{ ru, uz, en }`); and the titles of the fiscal receipt's items that are not a
 * product of the menu.
 */

export interface PaymeText {
  ru: string;
  uz: string;
  en: string;
}

export const paymeMessages = {
  // The JSON-RPC envelope and the caller.
  notPost: {
    ru: 'Метод запроса должен быть POST',
    uz: "So'rov usuli POST bo'lishi kerak",
    en: 'The request method must be POST',
  },
  parseError: { ru: 'Ошибка разбора JSON', uz: "JSON'ni o'qib bo'lmadi", en: 'JSON parse error' },
  invalidRequest: {
    ru: 'Отсутствуют обязательные поля или неверный тип полей',
    uz: "Majburiy maydonlar yo'q yoki ularning turi noto'g'ri",
    en: 'Required fields are missing or of the wrong type',
  },
  methodNotFound: { ru: 'Метод не найден', uz: 'Usul topilmadi', en: 'Method not found' },
  unauthorized: { ru: 'Недостаточно привилегий', uz: "Ruxsat yo'q", en: 'Insufficient privileges' },
  systemError: { ru: 'Системная ошибка', uz: 'Tizim xatoligi', en: 'System error' },
  // The account field `order_id`: our payment.
  orderNotFound: { ru: 'Заказ не найден', uz: 'Buyurtma topilmadi', en: 'Order not found' },
  orderPaid: { ru: 'Заказ уже оплачен', uz: "Buyurtma allaqachon to'langan", en: 'The order is already paid' },
  orderCancelled: {
    ru: 'Заказ отменён, создайте новый платёж',
    uz: "Buyurtma bekor qilingan, yangi to'lov qiling",
    en: 'The order was cancelled, make a new payment',
  },
  // Transactions.
  wrongAmount: { ru: 'Неверная сумма', uz: "Summa noto'g'ri", en: 'Wrong amount' },
  transactionNotFound: { ru: 'Транзакция не найдена', uz: 'Tranzaksiya topilmadi', en: 'Transaction not found' },
  otherTransaction: {
    ru: 'Заказ уже оплачивается другой транзакцией',
    uz: "Buyurtma boshqa tranzaksiya bilan to'lanmoqda",
    en: 'Another transaction is paying this order',
  },
  billTaken: {
    ru: 'Счёт уже оплачен или оплачивается другим платежом',
    uz: "Hisob allaqachon to'langan yoki boshqa to'lov bilan to'lanmoqda",
    en: 'The bill is paid or being paid by another payment',
  },
  wrongState: {
    ru: 'Невозможно выполнить операцию в текущем состоянии транзакции',
    uz: "Tranzaksiyaning hozirgi holatida amalni bajarib bo'lmaydi",
    en: 'The operation is impossible in the transaction’s state',
  },
  timedOut: {
    ru: 'Время ожидания транзакции истекло',
    uz: 'Tranzaksiyani kutish vaqti tugadi',
    en: 'The transaction timed out',
  },
  orderServed: {
    ru: 'Заказ уже выполнен, отменить транзакцию невозможно',
    uz: "Buyurtma allaqachon berilgan, tranzaksiyani bekor qilib bo'lmaydi",
    en: 'The order was served: the transaction cannot be cancelled',
  },
} satisfies Record<string, PaymeText>;

/** The fiscal receipt's items that are not a product: the restaurant's service charge and the diner's tip. */
export const paymeReceiptTitles = {
  service: 'Xizmat haqi',
  tip: 'Choy puli',
};
