/**
 * The panel's kitchen texts: the restaurant page's "Oshxona" section (its stations and its kitchen tablets), the
 * category form's station, and the orders screen's kitchen state (each line's state, "Tayyor", the printer's). Apart
 * from lib/uz.ts because only lazily loaded screens use them (lib/uz.ts is in the login page's first download).
 */

/** A line's state as the staff read it on an order (the server's refusals name them the same way). */
export const LINE_STATUS_NAMES = {
  new: 'yangi',
  cooking: 'tayyorlanmoqda',
  ready: 'tayyor',
  served: 'berildi',
} as const;

export const uzKitchen = {
  // The restaurant page's section
  kitchenTitle: 'Oshxona',
  kitchenAbout:
    "Har bir bo'lim (oshxona, bar, mangal…) o'z taomlarini planshetda ko'radi va printer ulangan bo'lsa, chek chop etadi. Kategoriya qaysi bo'limga tegishli ekani kategoriya oynasida tanlanadi.",

  // Stations ("Bo'limlar")
  stationsTitle: "Bo'limlar",
  stationsEmpty:
    "Hali bo'lim yo'q: barcha taomlar bitta oshxonaga tushadi. Bar yoki mangal alohida bo'lsa, bo'lim qo'shing.",
  stationsLoadFailed: "Bo'limlarni yuklab bo'lmadi.",
  addStation: "Bo'lim qo'shish",
  editStation: "Bo'limni tahrirlash",
  /** The first station takes the categories that name none. */
  stationDefault: 'Standart',
  stationDefaultHelp: "Bo'limi tanlanmagan kategoriyalar shu bo'limga tushadi.",
  stationEditFor: (name: string) => `Bo'limni tahrirlash: ${name}`,
  stationDeleteFor: (name: string) => `Bo'limni o'chirish: ${name}`,
  /** `Printer: 192.168.1.50:9100 · 80 mm`. */
  stationPrinter: (host: string, port: number, width: number) => `Printer: ${host}:${port} · ${width} mm`,
  stationNoPrinter: 'Printersiz',
  printOnPlaced: 'Buyurtma kelganda',
  printOnAccepted: 'Qabul qilinganda',
  /** The display's colours: `Sariq 10 daq · qizil 20 daq`. */
  stationThresholds: (amber: number, red: number) => `Sariq ${amber} daq · qizil ${red} daq`,
  stationCreated: "Bo'lim qo'shildi",
  stationUpdated: "Bo'lim saqlandi",
  stationCreateFailed: "Bo'lim qo'shishda xatolik yuz berdi!",
  stationUpdateFailed: "Bo'limni saqlashda xatolik yuz berdi!",
  stationDeleted: "Bo'lim o'chirildi",
  stationDeleteFailed: "Bo'limni o'chirib bo'lmadi",
  stationDeleteConfirm: "Bu bo'limni o'chirmoqchimisiz?",
  stationDeleteWhat: (name: string) =>
    `"${name}" bo'limi o'chiriladi: uning kategoriyalari birinchi bo'limga o'tadi, hali chop etilmagan cheklari bekor qilinadi.`,

  // The station form
  fieldStationName: "Bo'lim nomi",
  stationNameHelp: 'Masalan: Oshxona, Bar, Mangal. Chekda va planshetda shu nom yoziladi.',
  fieldPrinterOn: 'Printer ulangan',
  printerHelp: 'Tarmoqdagi termoprinter (ESC/POS). Chek shu manzilga yuboriladi: printerga doimiy IP manzil bering.',
  fieldPrinterHost: 'Printer manzili (IP)',
  printerHostHelp: 'Masalan: 192.168.1.50',
  fieldPrinterPort: 'Port',
  printerPortHelp: "Ko'pchilik printerlarda 9100.",
  fieldPaperWidth: "Qog'oz kengligi",
  paperWidth: (mm: number) => `${mm} mm`,
  fieldPrintOn: "Buyurtma bo'limga qachon chiqadi",
  printOnHelp:
    'Planshetda ko\'rinadi va printer bo\'lsa, chek chop etiladi. "Qabul qilinganda": xodim buyurtmani qabul qilgach.',
  fieldAmberMinutes: 'Sariq (daqiqa)',
  fieldRedMinutes: 'Qizil (daqiqa)',
  thresholdsHelp: "Planshetda buyurtma kartasi shuncha daqiqadan keyin sariq, keyin qizil bo'ladi.",
  stationNameRequired: "Bo'lim nomini kiriting.",
  stationNameTooLong: "Bo'lim nomi 40 belgidan oshmasin.",
  printerHostRequired: 'Printer manzilini kiriting.',
  printerHostInvalid: "Manzil noto'g'ri: faqat lotin harflari, raqamlar, nuqta va chiziqcha (masalan 192.168.1.50).",
  printerPortInvalid: "Port 1 dan 65535 gacha butun son bo'lishi kerak.",
  minutesInvalid: '1 dan 600 gacha butun son kiriting.',
  redNotAfterAmber: "Qizil chegara sariq chegaradan katta bo'lishi kerak.",

  // Kitchen tablets ("Oshxona planshetlari")
  devicesTitle: 'Oshxona planshetlari',
  devicesAbout:
    "Planshet menedjer paroli bilan emas, bir martalik kod bilan ulanadi va faqat oshxona ekranini ko'radi.",
  devicesEmpty: 'Hali planshet ulanmagan.',
  devicesLoadFailed: "Planshetlarni yuklab bo'lmadi.",
  addDevice: "Planshet qo'shish",
  fieldDeviceName: 'Planshet nomi',
  deviceNameHelp: 'Masalan: Oshxona plansheti, Bar.',
  fieldDeviceStation: "Bo'lim",
  deviceStationHelp: "Planshet faqat shu bo'lim taomlarini ko'rsatadi.",
  allStations: "Barcha bo'limlar",
  /** The one station a tablet shows. */
  deviceStation: (name: string) => `Bo'lim: ${name}`,
  deviceWaiting: 'Kod kutilmoqda',
  devicePaired: 'Ulangan',
  deviceExpired: "Kod muddati o'tgan",
  deviceLastSeen: (when: string) => `Oxirgi faollik: ${when}`,
  deviceNeverSeen: "Hali faollik yo'q",
  deviceRevokeFor: (name: string) => `O'chirish: ${name}`,
  deviceRevokeConfirm: "Bu planshetni o'chirmoqchimisiz?",
  deviceRevokeWhat: (name: string) =>
    `"${name}" planshetining ulanishi darhol tugaydi: u endi oshxona ekranini ko'rmaydi. Qayta ulash uchun yangi kod olinadi.`,
  deviceRevoked: "Planshet o'chirildi",
  deviceRevokeFailed: "Planshetni o'chirib bo'lmadi",
  deviceCreateFailed: "Planshet qo'shishda xatolik yuz berdi!",
  deviceCreated: 'Kod tayyor',
  deviceNameRequired: 'Planshet nomini kiriting.',
  deviceNameTooLong: 'Planshet nomi 40 belgidan oshmasin.',
  createCode: 'Kod olish',

  // The pairing code, shown once
  pairingTitle: (name: string) => `Planshetni ulash: ${name}`,
  pairingInstruction: 'Planshetda /kitchen sahifasini oching va shu kodni kiriting',
  pairingCodeLabel: 'Ulash kodi',
  /** `9:41`: how long the code still works. */
  pairingLeft: (left: string) => `Kod yana ${left} amal qiladi`,
  pairingOnce: "Kod bir marta ishlaydi va boshqa ko'rsatilmaydi.",
  pairingExpired: "Kod muddati o'tdi. Bu planshetni o'chirib, qaytadan qo'shing.",

  // The category form
  fieldCategoryStation: "Bo'lim",
  firstStation: "Birinchi bo'lim (standart)",
  categoryStationHelp:
    "Bu kategoriya taomlari qaysi bo'limda tayyorlanadi: o'sha planshetda ko'rinadi va chek o'sha printerdan chiqadi.",
  categoryStationsFailed: "Bo'limlarni yuklab bo'lmadi: bo'limni keyinroq tanlang.",

  // The orders screen
  lineStatus: (status: keyof typeof LINE_STATUS_NAMES) => LINE_STATUS_NAMES[status],
  lineStatusLabel: 'Holati',
  lineServe: 'Berildi',
  lineServeFor: (name: string) => `Berildi: ${name}`,
  lineServeFailed: "Taomni berildi deb belgilab bo'lmadi. Qayta urinib ko'ring.",
  kitchenReady: 'Tayyor',
  kitchenReadyHint: 'stolga olib boring',
  kitchenCooking: 'Oshxonada tayyorlanmoqda',
  printLabel: 'Chek',
  printDone: 'Chek chop etildi',
  printWaiting: 'Chek printerni kutmoqda',
  reprint: 'Qayta chop etish',
  reprintSent: 'Cheklar qayta chop etishga yuborildi',
  reprintFailed: "Qayta chop etib bo'lmadi. Birozdan keyin urinib ko'ring.",
};
