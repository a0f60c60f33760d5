/**
 * A restaurant's Telegram set-up, its deliveries' failures (the panel shows them after "Telegramga yuborilmadi: ") and
 * the answers to the staff's button presses. The messages themselves are server/telegram/messages.ts's.
 * `telegram` is Telegram's own words, `(Telegram: …)`: what its support and BotFather talk about.
 */
export const telegramMessages = {
  botTokenShape:
    "\"bot_token\" maydoni noto'g'ri: token @BotFather bergan ko'rinishda bo'lishi kerak (123456789:AAF…).",
  botTokenUnknown:
    '"bot_token" maydoni noto\'g\'ri: Telegram bunday tokenli botni tanimadi. Tokenni @BotFather dan qayta nusxalang.',
  channelNotFound:
    "\"channel_id\" maydoni noto'g'ri: Telegram bunday kanal yoki guruhni topmadi (yoki bot unga qo'shilmagan).",
  channelCannotPost:
    '"channel_id" maydoni noto\'g\'ri: bot bu kanalga xabar yubora olmaydi. Botni kanalga administrator qilib ' +
    "qo'shing va unga xabar joylash huquqini bering.",
  telegramUnreachable: (why: string) =>
    `Telegram bilan bog'lanib bo'lmadi, bot token va kanal tekshirilmadi (${why}). Birozdan keyin qayta urinib ko'ring.`,
  staffEntryInvalid: (entry: string) =>
    `"telegram_staff" maydoni noto'g'ri: "${entry}" Telegram foydalanuvchi ID si (faqat raqamlar) yoki @username bo'lishi kerak.`,

  testNotConfigured: 'Avval bot token va Kanal ID ni kiriting va saqlang.',
  testFailed: (why: string) => `Sinov xabari yuborilmadi: ${why}`,
  testSent: 'Sinov xabari yuborildi.',

  tokenRevoked: (telegram: string) => `bot tokeni noto'g'ri yoki bekor qilingan ${telegram}`,
  botCannotPost: (telegram: string) =>
    `bot kanalga xabar yubora olmaydi: uni kanalga administrator qilib qo'shing ${telegram}`,
  chatNotFound: (telegram: string) => `kanal topilmadi: Kanal ID ni tekshiring ${telegram}`,
  messageRefused: (telegram: string) => `Telegram xabarni qabul qilmadi ${telegram}`,
  deliveryGaveUp: "24 soat davomida Telegram bilan bog'lanib bo'lmadi",
  webhookFailed: (why: string) => `Telegram webhook o'rnatilmadi, tugmalar ishlamaydi (${why})`,

  pressAccepted: 'Qabul qilindi',
  pressCancelled: 'Bekor qilindi',
  pressServed: 'Berildi',
  pressDone: 'Bajarildi',
  pressOrderUnknown: 'Buyurtma topilmadi.',
  /** A press from somebody who is neither an administrator of the chat nor linked to the restaurant's staff. */
  pressRefused: "Sizda ruxsat yo'q",
  /** Telegram could not say whether the presser is an administrator: nothing changed, they may press again. */
  pressUnverified: "Ruxsatni tekshirib bo'lmadi. Birozdan keyin qayta bosing.",
};
