/**
 * Telegram's panel texts: how to set up a restaurant's Telegram delivery (the admin's restaurant form), the restaurant
 * page's Telegram section with its test message and its daily digest, and the orders screen's note on an undelivered
 * message. Apart from lib/uz.ts because only those lazily loaded screens use them: lib/uz.ts is in the login page's
 * first download, held to 140 KB.
 */
export const uzTelegram = {
  // The admin's restaurant form: under "Bot token" and "Kanal ID", and the steps behind "Qanday sozlanadi?"
  botTokenHelp: "@BotFather da /newbot bilan bot yarating va u bergan tokenni qo'ying (123456789:AAF… ko'rinishida).",
  channelIdHelp:
    'Buyurtmalar va chaqiruvlar boradigan kanal yoki guruh: -100 bilan boshlanadigan ID (masalan -1001234567890) yoki ochiq kanal uchun @kanal_nomi.',
  setupTitle: 'Qanday sozlanadi?',
  setupSteps: [
    'Telegramda @BotFather ni oching, /newbot yuboring, botga nom va username bering.',
    '@BotFather bergan tokenni (123456789:AAF… ko\'rinishida) "Bot token" maydoniga qo\'ying.',
    "Botni kanal yoki guruhga administrator qilib qo'shing va unga xabar joylash huquqini bering.",
    'Ochiq kanal uchun "Kanal ID" ga @kanal_nomi ni yozing. Yopiq kanal yoki guruh ID si -100 bilan boshlanadi: ' +
      'kanaldagi biror xabarni @userinfobot ga uzating (forward), u kanal ID sini aytadi.',
    'Saqlang: bot token va kanal Telegram orqali tekshiriladi. Keyin restoran sahifasida "Sinov xabari yuborish" ni bosing.',
  ],
  // The restaurant page's Telegram section (admins and the owning manager)
  telegram: 'Telegram',
  telegramConfigured: 'Yangi buyurtmalar va ofitsiant chaqiruvlari Telegram kanaliga yuboriladi.',
  telegramNotConfiguredAdmin:
    'Telegram sozlanmagan: buyurtmalar faqat panelda ko\'rinadi. "Tahrirlash" da Bot token va Kanal ID ni kiriting.',
  telegramNotConfiguredManager:
    "Telegram sozlanmagan: buyurtmalar faqat panelda ko'rinadi. Bot token va Kanal ID ni administrator kiritadi.",
  telegramTestSend: 'Sinov xabari yuborish',
  telegramTestSending: 'Yuborilmoqda...',
  /** A failure without the server's reason (no answer at all is uz.networkError, the client's). */
  telegramTestFailed: "Sinov xabari yuborilmadi. Birozdan keyin qayta urinib ko'ring.",
  // The restaurant page and the orders screen: why Telegram refused the restaurant's, an order's or a call's message
  telegramUndelivered: (error: string) => `Telegramga yuborilmadi: ${error}`,
  // The restaurant page's "who may press the buttons" section (admins and the owning manager)
  telegramStaffTitle: 'Tugmalarni bosa oladiganlar',
  telegramStaffAbout:
    "Buyurtma va chaqiruv xabarlaridagi tugmalarni kanal administratorlari har doim bosa oladi, bu yerda qo'shilgan Telegram foydalanuvchilari ham bosa oladi; boshqalar bossa, hech narsa o'zgarmaydi.",
  telegramStaffHowToFind:
    "Foydalanuvchi ID sini bilish uchun u Telegramda @userinfobot ga /start yozsin: bot uning ID sini (faqat raqamlar) aytadi. ID o'rniga @username ham yozish mumkin.",
  telegramStaffEntryLabel: 'Telegram ID yoki @username',
  telegramStaffAdd: "Qo'shish",
  telegramStaffRemove: 'Olib tashlash',
  telegramStaffRemoveLabel: (entry: string) => `${entry} ni olib tashlash`,
  telegramStaffEmpty: "Hali hech kim qo'shilmagan: tugmalarni faqat kanal administratorlari bosa oladi.",
  telegramStaffUnsaved: "O'zgarishlar hali saqlanmagan.",
  telegramStaffSaving: 'Saqlanmoqda...',
  telegramStaffSaved: 'Saqlandi.',
  /** A failure without the server's reason (no answer at all is uz.networkError, the client's). */
  telegramStaffSaveFailed: "Saqlab bo'lmadi. Birozdan keyin qayta urinib ko'ring.",
  telegramStaffLoadFailed: "Ro'yxatni olib bo'lmadi.",
  // The restaurant page's "Kunlik hisobot" section (admins and the owning manager)
  digestTitle: 'Kunlik hisobot',
  digestHelp: 'Telegram kanaliga har kuni shu vaqtda kunlik hisobot yuboriladi; 12:00 dan oldin — kechagi kun haqida.',
  digestNoChannel: 'Telegram kanali ulanmagan: hisobot yuborilmaydi.',
  digestOn: 'Kunlik hisobotni yuborish',
  digestTime: 'Hisobot vaqti',
  digestTimeInvalid: "Vaqtni SS:DD ko'rinishida kiriting (masalan, 23:00)",
  digestSave: 'Hisobot vaqtini saqlash',
  digestUnsaved: "Saqlanmagan o'zgarishlar bor",
  /** What the server stored: a time, or null for no digest. */
  digestSaved: (time: string | null) =>
    time === null ? 'Saqlandi: kunlik hisobot yuborilmaydi.' : `Saqlandi: hisobot har kuni ${time} da yuboriladi.`,
  /** A failure without the server's reason (no answer at all is uz.networkError, the client's). */
  digestSaveFailed: "Hisobot vaqtini saqlab bo'lmadi. Qayta urinib ko'ring.",
};
