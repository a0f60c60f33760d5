import type { LineStatus } from '../../../client/kitchen';
import { tableTitle } from '../../../lib/table-name';

/**
 * The kitchen display's words (Uzbek). Kept with the screen: only this lazily loaded route shows them, and the
 * server's own messages (a refused move, a wrong code) come with its answers.
 */

/** A line's state as the kitchen reads it (the server's words for the same states: server/messages/kitchen.ts). */
export const LINE_STATUS_WORDS: Record<LineStatus, string> = {
  new: 'yangi',
  cooking: 'tayyorlanmoqda',
  ready: 'tayyor',
  served: 'berildi',
};

export const kitchenTexts = {
  documentTitle: 'Oshxona ekrani — Menyu',

  pairTitle: 'Oshxona ekranini ulash',
  pairCodeLabel: 'Paneldagi 6 xonali kodni kiriting',
  pairButton: 'Ulash',
  pairing: 'Ulanmoqda…',
  pairHelp: 'Kodni boshqaruv panelida, restoranning «Oshxona planshetlari» bo‘limida oling. Kod bir marta ishlaydi.',
  pairFailed: "Ulab bo'lmadi. Qayta urinib ko'ring.",
  unpaired: 'Planshet ulanishi tugagan: paneldan yangi kod olib, qayta ulang.',

  displayFailed: 'Oshxona ekranida xatolik yuz berdi.',
  retry: 'Qayta urinish',
  loading: 'Buyurtmalar yuklanmoqda…',
  loadFailed: "Buyurtmalarni yuklab bo'lmadi. Birozdan so'ng o'zi qayta urinadi.",

  allStations: "Barcha bo'limlar",
  live: 'Jonli',
  connecting: 'Ulanmoqda…',
  offline: "Aloqa yo'q",
  paused: "Aloqa to'xtatildi",
  lostBanner: "Aloqa yo'q: yangi buyurtmalar kelmayapti. Qayta ulanmoqda…",
  pausedBanner: 'Ekran boshqa oynada ochilgan. Bu yerda davom etish uchun ekranga teging.',

  soundAsk: 'Yangi buyurtma ovozi uchun ekranga bir marta teging',
  soundOn: 'Ovoz yoqilgan',

  columns: "Ko'rinish",
  cookingColumn: 'Tayyorlanmoqda',
  readyColumn: 'Tayyor',
  readyColumnHint: 'ofitsiantni kutmoqda',
  cookingEmpty: "Hozircha buyurtma yo'q.",
  readyEmpty: "Tayyor taom yo'q.",

  orderLabel: (number: number, table: string) => `Buyurtma №${number} · ${tableTitle(table)}`,
  readyOrderLabel: (number: number, table: string) => `Tayyor: buyurtma №${number} · ${tableTitle(table)}`,
  tableTitle: (name: string) => tableTitle(name),
  orderNumber: (number: number) => `№${number}`,
  comment: 'Izoh',
  timerLabel: (shown: string) => `Buyurtma berilganiga ${shown}`,
  timerLong: (minutes: number) => `${minutes} daq`,
  lineLabel: (quantity: number, name: string, status: LineStatus, next: LineStatus | null) =>
    `${quantity} × ${name}: ${LINE_STATUS_WORDS[status]}${next ? `. Bosing: ${LINE_STATUS_WORDS[next]}` : ''}`,
  saving: 'Saqlanmoqda…',
  readyAll: 'Hammasi tayyor',
  served: 'Berildi',
  moveFailed: "O'zgartirib bo'lmadi. Qayta urinib ko'ring.",
  dismiss: 'Yopish',

  undo: 'Qaytarish',
  undoWhat: (table: string, number: number, names: readonly string[], to: LineStatus | null) =>
    `${tableTitle(table)} · №${number}: ${names.join(', ')}${to ? ` → ${LINE_STATUS_WORDS[to]}` : ''}`,
};
