/**
 * Paying the bill from the table (Payme, Click, cash) and the restaurant's payment settings. What the providers
 * themselves are answered with (their own error formats and texts) is in the provider's protocol code.
 */
export const paymentMessages = {
  paymentNotFound: "To'lov topilmadi.",
  nothingToPay: "Bu stolda to'lanmagan buyurtma yo'q.",
  orderNotOnBill: "Bu buyurtma stolning to'lanmagan hisobida yo'q.",
  paymentMethodOff: (method: string) => `Bu restoranda ${method} orqali to'lov yoqilmagan.`,
  paymentKeyReused:
    "Bu Idempotency-Key boshqa tarkibli to'lov uchun ishlatilgan. Yangi to'lovni yangi kalit bilan yuboring.",
  billInProgress: "Hisob hozir to'lanmoqda. Bir oz kutib, qayta urinib ko'ring.",
  tipTooLarge: (max: string) => `Choy puli juda katta: ko'pi bilan ${max}.`,
  paymeIncomplete: "Payme'ni yoqish uchun kassa ID va kalitni (test rejimida test kalitni) kiriting.",
  clickIncomplete: "Click'ni yoqish uchun service ID, merchant ID, merchant user ID va maxfiy kalitni kiriting.",
  cashNothingToPay: "Bu stolda to'lanmagan buyurtma yo'q: naqd to'lov yozilmadi.",
};
