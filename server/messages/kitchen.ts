import { waitWords } from './requests';

/** A line's status as a refused move names it (keyed by the statuses, so the catalog imports nothing of the server). */
export const LINE_STATUS_WORDS = {
  new: 'yangi',
  cooking: 'tayyorlanmoqda',
  ready: 'tayyor',
  served: 'berildi',
} as const;
type LineStatus = keyof typeof LINE_STATUS_WORDS;

/** The kitchen: stations, the lines' states, kitchen devices and their pairing, printed tickets. */
export const kitchenMessages = {
  stationNotFound: "Bo'lim topilmadi.",
  stationDeleted: "Bo'lim o'chirildi.",
  stationNotOfRestaurant: "Bunday bo'lim bu restoranda yo'q.",
  stationNameTaken: (name: string) => `"${name}" nomli bo'lim bu restoranda allaqachon bor.`,
  tooManyStations: (max: number) => `Restoranda ko'pi bilan ${max} ta bo'lim bo'lishi mumkin.`,
  stationThresholdsReversed: "Qizil chegara sariq chegaradan katta bo'lishi kerak.",
  stationHasDevices: (count: number) =>
    `Bu bo'limga ${count} ta planshet ulangan: avval ularni "Oshxona planshetlari" ro'yxatidan o'chiring.`,

  deviceNotFound: 'Planshet topilmadi.',
  deviceRemoved: "Planshet o'chirildi: u endi oshxona ekranini ko'rmaydi.",
  tooManyDevices: (max: number) => `Restoranda ko'pi bilan ${max} ta planshet bo'lishi mumkin.`,
  pairCodeInvalid: "Kod noto'g'ri yoki muddati o'tgan. Paneldan yangi kod oling.",
  tooManyPairAttempts: (seconds: number) =>
    `Juda ko'p noto'g'ri urinish. Iltimos, ${waitWords(seconds)} so'ng qayta urinib ko'ring.`,
  kitchenSessionInvalid: 'Planshet ulanishi tugagan: paneldan yangi kod olib, qayta ulang.',
  kitchenOtherStation: "Bu taom boshqa bo'limniki: uni bu planshetdan o'zgartirib bo'lmaydi.",
  kitchenNotForDevices: 'Oshxona planshetiga bu amal ruxsat etilmagan.',

  orderLineNotFound: "Buyurtmada bunday taom yo'q.",
  lineMoveRefused: (current: LineStatus, to: LineStatus) =>
    `Taom hozir "${LINE_STATUS_WORDS[current]}": uni "${LINE_STATUS_WORDS[to]}" holatiga o'tkazib bo'lmaydi.`,
  lineUndoExpired: "Faqat oxirgi o'zgarishni bir daqiqa ichida qaytarish mumkin.",
  lineOrderClosed: "Buyurtma yopilgan (berilgan yoki bekor qilingan): uning taomlarini o'zgartirib bo'lmaydi.",
  lineOrderUnconfirmed: 'Buyurtma hali tasdiqlanmagan: avval uni qabul qiling.',
  cancelAfterCooking: "Taom tayyorlanmoqda: buyurtmani endi bekor qilib bo'lmaydi.",

  /** Refused, unreachable, or silent until the time ran out: the printer is off, asleep or off the network. */
  printerNoAnswer: 'Printer javob bermadi',
  /** The printer took the connection and dropped it before the ticket was through. */
  printerConnectionLost: 'Printer bilan aloqa uzildi',
  /** The host and port set for the printer cannot be an address. */
  printerBadAddress: "Printer manzili noto'g'ri",
  /** The printer's host name is known to no name server. */
  printerUnknownHost: 'Printer manzili topilmadi',
  /** The printer's address is this server's own (loopback, link-local, the cloud's metadata address). */
  printerAddressRefused: "Printer manzili ruxsat etilmagan: bu serverning o'z manzili",
  /** What the staff see on an order whose ticket waits for (or gave up on) a station's printer. */
  printerFailedAt: (station: string, reason: string) => `${reason} (${station})`,
  reprintNoPrinter: "Bu buyurtmaning bo'limlarida printer yo'q.",
};
