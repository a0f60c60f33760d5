import type { Language } from './languages';
import { latinToCyrillic } from './translit';

/**
 * The words of ordering from the table on the public menu, in its four languages. The page
 * renders the static ones and hands the rest to the ordering script in its JSON block (order-page.ts), so the script
 * itself is language-free and one file serves every language.
 *
 * Uzbek (Latin) is the source; the issue's own strings are copied ("Buyurtma berish", "Ofitsiantni chaqirish",
 * "Hisobni so'rash"). Uzbek Cyrillic is that text through lib/translit.ts (the same letters a manager's untranslated
 * text gets), with "QR" kept Latin as the menu's own Cyrillic texts write it. `{0}` marks where a value goes: the
 * transliterator leaves digits and braces alone, so the placeholder survives it.
 */
export interface OrderTexts {
  /** The "+" button's accessible name: `{0}` is the dish. */
  add: string;
  addToCart: string;
  chooseOptions: string;
  /** Beside a required option's name in the option sheet. */
  required: string;
  /** An optional option's choice of none of its rows. */
  noChoice: string;
  /** A required option left without a choice: `{0}` is the option. */
  chooseRequired: string;
  /** Beside the name of an option of several rows (checkboxes) with no minimum: `{0}` is its maximum. */
  upTo: string;
  /** The same with a minimum below the maximum: `{0}` the minimum, `{1}` the maximum. */
  atLeastUpTo: string;
  /** The same when the minimum is the maximum: `{0}` rows, no fewer and no more. */
  exactly: string;
  /** An option of several rows with fewer chosen than its minimum: `{0}` is the option, `{1}` the minimum. */
  chooseAtLeast: string;
  cart: string;
  /** The sticky bar's button: `{0}` dishes, the total follows. */
  cartCount: string;
  openCart: string;
  cartEmpty: string;
  total: string;
  increase: string;
  decrease: string;
  remove: string;
  /** The remove button's visible word (its accessible name is `remove`, naming the dish). */
  removeShort: string;
  quantity: string;
  comment: string;
  commentHint: string;
  order: string;
  sending: string;
  retry: string;
  /** 409: `{0}` lists the dishes that were removed. */
  unavailable: string;
  /** 409 from a restaurant that closed since the page was loaded: nothing is removed, the cart waits. */
  closed: string;
  /** The same for a waiter call or a bill request. */
  callClosed: string;
  networkError: string;
  /** No connection for a call (nothing of the diner's to keep). */
  offline: string;
  orderFailed: string;
  tooMany: string;
  orderingOff: string;
  tableGone: string;
  /** The note on a page opened from an unknown or switched-off table's link. */
  tableNotFound: string;
  table: string;
  orderNumber: string;
  statusNew: string;
  /** A new order made past its table's threshold: staff must confirm it first. */
  statusWaiting: string;
  statusAccepted: string;
  statusServed: string;
  statusCancelled: string;
  stepNew: string;
  stepAccepted: string;
  stepServed: string;
  newOrder: string;
  callWaiter: string;
  askBill: string;
  waiterCalled: string;
  billAsked: string;
  /** 429 on a waiter call: the staff already know. */
  callRepeat: string;
  /** 429 on asking for the bill: the staff already know (its own words: the bill is not the waiter's call). */
  billRepeat: string;
  callFailed: string;
  calls: string;
}

/**
 * The words of the table's bill and of paying it from the phone (web-menu/bill-view.ts, payment-view.ts). Written by
 * hand in all four languages, Uzbek Cyrillic too: a payment's words are read closely, and Cyrillic Uzbek spells some
 * of them otherwise than letter for letter ("официант", not "офитсиант"). Payme and Click stay as the brands write them.
 */
export interface BillTexts {
  /** The bill's button and its sheet's heading. */
  bill: string;
  billLoading: string;
  billFailed: string;
  /** The service charge's line: `{0}` is its percent. */
  service: string;
  /** What of the bill is paid (a sum), and an order that is paid (a badge). */
  paid: string;
  /** What of the bill is left to pay. */
  unpaid: string;
  /** An order a payment holds while the provider takes the money. */
  orderPending: string;
  payWhat: string;
  payAll: string;
  payMine: string;
  tip: string;
  tipOther: string;
  /** The label of the tip's own amount (with the currency). */
  tipAmount: string;
  /** `{0}`: the largest tip, the bill itself. */
  tipTooLarge: string;
  tipInvalid: string;
  /** The amount a tap on Payme or Click pays: the bill chosen and the tip. */
  toPay: string;
  payPayme: string;
  payClick: string;
  payOpening: string;
  /** 409 while a provider holds the bill (or the order). */
  billBeingPaid: string;
  /** 409 with nothing left unpaid. */
  nothingToPay: string;
  /** 403: `{0}` is the method (Payme, Click). */
  methodOff: string;
  payFailed: string;
  /** No answer to "pay": the same tap again is the same payment (its Idempotency-Key is kept). */
  payOffline: string;
  /** The panel the provider sends the diner back to. */
  payTitle: string;
  payChecking: string;
  payPaid: string;
  /** `{0}`: the amount paid. */
  payPaidLine: string;
  payAmount: string;
  payTip: string;
  payTime: string;
  payCancelled: string;
  payCancelledLine: string;
  payRefunded: string;
  payRefundedLine: string;
  payPending: string;
  payStillPending: string;
  payUnknown: string;
  checkAgain: string;
  openBill: string;
}

const UZ_BILL: BillTexts = {
  bill: 'Hisob',
  billLoading: 'Hisob yuklanmoqda...',
  billFailed: "Hisobni yuklab bo'lmadi. Qayta urinib ko'ring.",
  service: 'Xizmat haqi {0}\u00a0%',
  paid: "To'langan",
  unpaid: "To'lanishi kerak",
  orderPending: "To'lanmoqda",
  payWhat: "Nimani to'laysiz?",
  payAll: 'Butun stol hisobi',
  payMine: 'Faqat mening buyurtmam',
  tip: 'Choy puli',
  tipOther: 'Boshqa summa',
  tipAmount: "Choy puli, so'm",
  tipTooLarge: "Choy puli hisobdan katta bo'lmasin: ko'pi bilan {0}.",
  tipInvalid: "Choy pulini butun so'mda, faqat raqamlar bilan yozing.",
  toPay: "To'lanadi",
  payPayme: "Payme orqali to'lash",
  payClick: "Click orqali to'lash",
  payOpening: "To'lov sahifasi ochilmoqda...",
  billBeingPaid: "Hisob hozir to'lanmoqda. Bir oz kutib, qayta urinib ko'ring.",
  nothingToPay: "Bu hisobda to'lanmagan buyurtma qolmadi. Hisob yangilandi.",
  methodOff:
    "{0} orqali to'lov hozir o'chirilgan. Hisob yangilandi: boshqa usulni tanlang yoki ofitsiantga murojaat qiling.",
  payFailed: "To'lov boshlanmadi. Qayta urinib ko'ring.",
  payOffline: "Internet bilan aloqa yo'q. Qayta bosing: to'lov ikki marta yaratilmaydi.",
  payTitle: "To'lov",
  payChecking: "To'lov tekshirilmoqda...",
  payPaid: "To'landi",
  payPaidLine: "{0} to'landi. Rahmat!",
  payAmount: 'Summa',
  payTip: 'Choy puli',
  payTime: 'Vaqt',
  payCancelled: "To'lov bekor qilindi",
  payCancelledLine: "Pul yechilmadi, hisob to'lanmagan. Qayta to'lashingiz yoki ofitsiantdan so'rashingiz mumkin.",
  payRefunded: "To'lov qaytarildi",
  payRefundedLine: 'Pul kartangizga qaytariladi.',
  payPending: "To'lov hali tasdiqlanmadi. Tasdiqlanishi bilan shu yerda ko'rinadi.",
  payStillPending: "To'lov hali ham tasdiqlanmadi. Birozdan so'ng «Qayta tekshirish»ni bosing.",
  payUnknown: "Bu to'lov topilmadi. Hisobni qayta oching.",
  checkAgain: 'Qayta tekshirish',
  openBill: 'Hisobni ochish',
};

const UZ_CYRL_BILL: BillTexts = {
  bill: 'Ҳисоб',
  billLoading: 'Ҳисоб юкланмоқда...',
  billFailed: 'Ҳисобни юклаб бўлмади. Қайта уриниб кўринг.',
  service: 'Хизмат ҳақи {0}\u00a0%',
  paid: 'Тўланган',
  unpaid: 'Тўланиши керак',
  orderPending: 'Тўланмоқда',
  payWhat: 'Нимани тўлайсиз?',
  payAll: 'Бутун стол ҳисоби',
  payMine: 'Фақат менинг буюртмам',
  tip: 'Чой пули',
  tipOther: 'Бошқа сумма',
  tipAmount: 'Чой пули, сўм',
  tipTooLarge: 'Чой пули ҳисобдан катта бўлмасин: кўпи билан {0}.',
  tipInvalid: 'Чой пулини бутун сўмда, фақат рақамлар билан ёзинг.',
  toPay: 'Тўланади',
  payPayme: 'Payme орқали тўлаш',
  payClick: 'Click орқали тўлаш',
  payOpening: 'Тўлов саҳифаси очилмоқда...',
  billBeingPaid: 'Ҳисоб ҳозир тўланмоқда. Бир оз кутиб, қайта уриниб кўринг.',
  nothingToPay: 'Бу ҳисобда тўланмаган буюртма қолмади. Ҳисоб янгиланди.',
  methodOff: '{0} орқали тўлов ҳозир ўчирилган. Ҳисоб янгиланди: бошқа усулни танланг ёки официантга мурожаат қилинг.',
  payFailed: 'Тўлов бошланмади. Қайта уриниб кўринг.',
  payOffline: 'Интернет билан алоқа йўқ. Қайта босинг: тўлов икки марта яратилмайди.',
  payTitle: 'Тўлов',
  payChecking: 'Тўлов текширилмоқда...',
  payPaid: 'Тўланди',
  payPaidLine: '{0} тўланди. Раҳмат!',
  payAmount: 'Сумма',
  payTip: 'Чой пули',
  payTime: 'Вақт',
  payCancelled: 'Тўлов бекор қилинди',
  payCancelledLine: 'Пул ечилмади, ҳисоб тўланмаган. Қайта тўлашингиз ёки официантдан сўрашингиз мумкин.',
  payRefunded: 'Тўлов қайтарилди',
  payRefundedLine: 'Пул картангизга қайтарилади.',
  payPending: 'Тўлов ҳали тасдиқланмади. Тасдиқланиши билан шу ерда кўринади.',
  payStillPending: 'Тўлов ҳали ҳам тасдиқланмади. Бироздан сўнг «Қайта текшириш»ни босинг.',
  payUnknown: 'Бу тўлов топилмади. Ҳисобни қайта очинг.',
  checkAgain: 'Қайта текшириш',
  openBill: 'Ҳисобни очиш',
};

const RU_BILL: BillTexts = {
  bill: 'Счёт',
  billLoading: 'Загружаем счёт...',
  billFailed: 'Не удалось загрузить счёт. Попробуйте ещё раз.',
  service: 'Обслуживание {0}\u00a0%',
  paid: 'Оплачено',
  unpaid: 'Осталось оплатить',
  orderPending: 'Оплачивается',
  payWhat: 'Что вы оплачиваете?',
  payAll: 'Весь счёт стола',
  payMine: 'Только мой заказ',
  tip: 'Чаевые',
  tipOther: 'Другая сумма',
  tipAmount: 'Чаевые, сум',
  tipTooLarge: 'Чаевые не могут быть больше счёта: не более {0}.',
  tipInvalid: 'Укажите чаевые в целых сумах, только цифрами.',
  toPay: 'К оплате',
  payPayme: 'Оплатить через Payme',
  payClick: 'Оплатить через Click',
  payOpening: 'Открываем страницу оплаты...',
  billBeingPaid: 'Счёт сейчас оплачивается. Подождите немного и попробуйте снова.',
  nothingToPay: 'В этом счёте не осталось неоплаченных заказов. Счёт обновлён.',
  methodOff: 'Оплата через {0} сейчас отключена. Счёт обновлён: выберите другой способ или обратитесь к официанту.',
  payFailed: 'Оплата не началась. Попробуйте ещё раз.',
  payOffline: 'Нет связи с интернетом. Нажмите ещё раз: платёж не будет создан дважды.',
  payTitle: 'Оплата',
  payChecking: 'Проверяем оплату...',
  payPaid: 'Оплачено',
  payPaidLine: 'Оплачено {0}. Спасибо!',
  payAmount: 'Сумма',
  payTip: 'Чаевые',
  payTime: 'Время',
  payCancelled: 'Оплата отменена',
  payCancelledLine: 'Деньги не списаны, счёт не оплачен. Можно оплатить снова или попросить счёт у официанта.',
  payRefunded: 'Платёж возвращён',
  payRefundedLine: 'Деньги вернутся на вашу карту.',
  payPending: 'Оплата ещё не подтверждена. Как только подтвердится, это будет видно здесь.',
  payStillPending: 'Оплата всё ещё не подтверждена. Нажмите «Проверить снова» чуть позже.',
  payUnknown: 'Платёж не найден. Откройте счёт ещё раз.',
  checkAgain: 'Проверить снова',
  openBill: 'Открыть счёт',
};

const EN_BILL: BillTexts = {
  bill: 'Bill',
  billLoading: 'Loading the bill...',
  billFailed: 'The bill could not be loaded. Please try again.',
  service: 'Service charge {0}\u00a0%',
  paid: 'Paid',
  unpaid: 'Left to pay',
  orderPending: 'Being paid',
  payWhat: 'What are you paying for?',
  payAll: 'The whole table',
  payMine: 'Only my order',
  tip: 'Tip',
  tipOther: 'Other amount',
  tipAmount: 'Tip, UZS',
  tipTooLarge: 'The tip cannot be more than the bill: at most {0}.',
  tipInvalid: 'Enter the tip in whole UZS, digits only.',
  toPay: 'To pay',
  payPayme: 'Pay with Payme',
  payClick: 'Pay with Click',
  payOpening: 'Opening the payment page...',
  billBeingPaid: 'The bill is being paid right now. Please wait a moment and try again.',
  nothingToPay: 'Nothing on this bill is left unpaid. The bill has been updated.',
  methodOff: 'Paying with {0} is turned off right now. The bill has been updated: choose another way or ask a waiter.',
  payFailed: 'The payment did not start. Please try again.',
  payOffline: 'No internet connection. Tap again: the payment will not be made twice.',
  payTitle: 'Payment',
  payChecking: 'Checking the payment...',
  payPaid: 'Paid',
  payPaidLine: '{0} paid. Thank you!',
  payAmount: 'Amount',
  payTip: 'Tip',
  payTime: 'Time',
  payCancelled: 'Payment cancelled',
  payCancelledLine: 'No money was taken and the bill is not paid. You can pay again or ask a waiter.',
  payRefunded: 'Payment refunded',
  payRefundedLine: 'The money will go back to your card.',
  payPending: 'The payment is not confirmed yet. It will show here as soon as it is.',
  payStillPending: 'The payment is still not confirmed. Tap “Check again” a little later.',
  payUnknown: 'This payment was not found. Open the bill again.',
  checkAgain: 'Check again',
  openBill: 'Open the bill',
};

const UZ: OrderTexts = {
  add: "Savatga qo'shish: {0}",
  addToCart: "Savatga qo'shish",
  chooseOptions: 'Variantni tanlang',
  required: 'majburiy',
  noChoice: 'Kerak emas',
  chooseRequired: '{0}: bittasini tanlang',
  upTo: '{0} tagacha',
  atLeastUpTo: "kamida {0} ta, ko'pi bilan {1} ta",
  exactly: '{0} ta tanlang',
  chooseAtLeast: '{0}: kamida {1} tasini tanlang',
  cart: 'Savat',
  cartCount: '{0} ta taom',
  openCart: "Savatni ko'rish",
  cartEmpty: "Savat bo'sh.",
  total: 'Jami',
  increase: "Bittaga ko'paytirish: {0}",
  decrease: 'Bittaga kamaytirish: {0}',
  remove: "Savatdan o'chirish: {0}",
  removeShort: "O'chirish",
  quantity: 'Soni',
  comment: 'Izoh',
  commentHint: "Masalan: achchiq bo'lmasin",
  order: 'Buyurtma berish',
  sending: 'Yuborilmoqda...',
  retry: 'Qayta urinish',
  unavailable: 'Bu taomlar hozirgina tugadi va savatdan olib tashlandi: {0}. Buyurtmani qayta tekshirib yuboring.',
  closed: 'Restoran hozir yopiq: buyurtma qabul qilinmadi. Savat saqlandi: restoran ochilganda yuboring.',
  callClosed: 'Restoran hozir yopiq: chaqiruv yuborilmadi.',
  networkError: "Internet bilan aloqa yo'q. Savat saqlandi: qayta urinib ko'ring.",
  offline: "Internet bilan aloqa yo'q. Qayta urinib ko'ring.",
  orderFailed: "Buyurtma yuborilmadi. Qayta urinib ko'ring.",
  tooMany: "Juda ko'p urinish. Birozdan so'ng qayta urinib ko'ring.",
  orderingOff: "Bu restoranda hozir stoldan buyurtma berib bo'lmaydi. Ofitsiantga murojaat qiling.",
  tableGone: 'Stol topilmadi. Stoldagi QR-kodni qayta skanerlang.',
  tableNotFound:
    "Stol topilmadi. Menyuni ko'rishingiz mumkin; buyurtma berish uchun stoldagi QR-kodni qayta skanerlang.",
  table: 'Stol: {0}',
  orderNumber: 'Buyurtma №{0}',
  statusNew: 'Yuborildi. Ofitsiant tez orada qabul qiladi.',
  statusWaiting: 'Tasdiqlash kutilmoqda: ofitsiant buyurtmani tasdiqlagach, tayyorlanadi.',
  statusAccepted: 'Qabul qilindi. Tayyorlanmoqda.',
  statusServed: 'Berildi. Yoqimli ishtaha!',
  statusCancelled: "Buyurtma bekor qilindi. Savollar bo'lsa, ofitsiantni chaqiring.",
  stepNew: 'Yuborildi',
  stepAccepted: 'Qabul qilindi',
  stepServed: 'Berildi',
  newOrder: 'Yangi buyurtma',
  callWaiter: 'Ofitsiantni chaqirish',
  askBill: "Hisobni so'rash",
  waiterCalled: 'Ofitsiant chaqirildi. Tez orada keladi.',
  billAsked: "Hisob so'raldi. Ofitsiant olib keladi.",
  callRepeat: "Ofitsiant allaqachon chaqirilgan va tez orada keladi. Bir daqiqadan so'ng yana chaqirishingiz mumkin.",
  billRepeat:
    "Hisob allaqachon so'ralgan, ofitsiant tez orada olib keladi. Bir daqiqadan so'ng yana so'rashingiz mumkin.",
  callFailed: "So'rov yuborilmadi. Qayta urinib ko'ring.",
  calls: 'Ofitsiant',
};

/** Every text of `uz` in Cyrillic; "QR" stays Latin (an abbreviation is not transliterated). */
function cyrillic(texts: OrderTexts): OrderTexts {
  const out = {} as Record<keyof OrderTexts, string>;
  for (const [key, value] of Object.entries(texts) as [keyof OrderTexts, string][])
    out[key] = latinToCyrillic(value).replace(/ҚР/g, 'QR');
  return out;
}

const RU: OrderTexts = {
  add: 'Добавить в корзину: {0}',
  addToCart: 'В корзину',
  chooseOptions: 'Выберите вариант',
  required: 'обязательно',
  noChoice: 'Не нужно',
  chooseRequired: '{0}: выберите вариант',
  upTo: 'до {0}',
  atLeastUpTo: 'от {0} до {1}',
  exactly: 'выберите {0}',
  chooseAtLeast: '{0}: выберите не меньше {1}',
  cart: 'Корзина',
  cartCount: 'Блюд: {0}',
  openCart: 'Открыть корзину',
  cartEmpty: 'Корзина пуста.',
  total: 'Итого',
  increase: 'Добавить ещё одну порцию: {0}',
  decrease: 'Убрать одну порцию: {0}',
  remove: 'Удалить из корзины: {0}',
  removeShort: 'Удалить',
  quantity: 'Количество',
  comment: 'Комментарий',
  commentHint: 'Например: не острое',
  order: 'Заказать',
  sending: 'Отправляем...',
  retry: 'Повторить',
  unavailable: 'Эти блюда только что закончились и убраны из корзины: {0}. Проверьте заказ и отправьте снова.',
  closed: 'Ресторан сейчас закрыт: заказ не принят. Корзина сохранена: отправьте, когда ресторан откроется.',
  callClosed: 'Ресторан сейчас закрыт: вызов не отправлен.',
  networkError: 'Нет связи с интернетом. Корзина сохранена: попробуйте ещё раз.',
  offline: 'Нет связи с интернетом. Попробуйте ещё раз.',
  orderFailed: 'Заказ не отправлен. Попробуйте ещё раз.',
  tooMany: 'Слишком много попыток. Попробуйте чуть позже.',
  orderingOff: 'В этом ресторане сейчас нельзя заказать со стола. Обратитесь к официанту.',
  tableGone: 'Стол не найден. Отсканируйте QR-код на столе ещё раз.',
  tableNotFound: 'Стол не найден. Меню можно посмотреть; чтобы заказать, отсканируйте QR-код на столе ещё раз.',
  table: 'Стол: {0}',
  orderNumber: 'Заказ №{0}',
  statusNew: 'Отправлен. Официант скоро его примет.',
  statusWaiting: 'Ожидает подтверждения: заказ начнут готовить, когда официант его подтвердит.',
  statusAccepted: 'Принят. Готовится.',
  statusServed: 'Подан. Приятного аппетита!',
  statusCancelled: 'Заказ отменён. Если есть вопросы, позовите официанта.',
  stepNew: 'Отправлен',
  stepAccepted: 'Принят',
  stepServed: 'Подан',
  newOrder: 'Новый заказ',
  callWaiter: 'Позвать официанта',
  askBill: 'Попросить счёт',
  waiterCalled: 'Официант вызван и скоро подойдёт.',
  billAsked: 'Счёт попросили. Официант скоро принесёт.',
  callRepeat: 'Официант уже вызван и скоро подойдёт. Позвать снова можно через минуту.',
  billRepeat: 'Счёт уже попросили, официант скоро принесёт. Попросить снова можно через минуту.',
  callFailed: 'Запрос не отправлен. Попробуйте ещё раз.',
  calls: 'Официант',
};

const EN: OrderTexts = {
  add: 'Add to cart: {0}',
  addToCart: 'Add to cart',
  chooseOptions: 'Choose an option',
  required: 'required',
  noChoice: 'None',
  chooseRequired: '{0}: choose one',
  upTo: 'up to {0}',
  atLeastUpTo: 'at least {0}, up to {1}',
  exactly: 'choose {0}',
  chooseAtLeast: '{0}: choose at least {1}',
  cart: 'Cart',
  cartCount: '{0} items',
  openCart: 'View cart',
  cartEmpty: 'Your cart is empty.',
  total: 'Total',
  increase: 'Add one more: {0}',
  decrease: 'Remove one: {0}',
  remove: 'Remove from cart: {0}',
  removeShort: 'Remove',
  quantity: 'Quantity',
  comment: 'Comment',
  commentHint: 'For example: not spicy',
  order: 'Place order',
  sending: 'Sending...',
  retry: 'Try again',
  unavailable:
    'These dishes have just run out and were removed from your cart: {0}. Check your order and send it again.',
  closed: 'The restaurant is closed now: the order was not taken. Your cart is saved: send it once it opens.',
  callClosed: 'The restaurant is closed now: the call was not sent.',
  networkError: 'No internet connection. Your cart is saved: please try again.',
  offline: 'No internet connection. Please try again.',
  orderFailed: 'The order was not sent. Please try again.',
  tooMany: 'Too many attempts. Please try again a little later.',
  orderingOff: 'Ordering from the table is not available here right now. Please ask a waiter.',
  tableGone: 'Table not found. Please scan the QR code on your table again.',
  tableNotFound: 'Table not found. You can browse the menu; to order, scan the QR code on your table again.',
  table: 'Table: {0}',
  orderNumber: 'Order #{0}',
  statusNew: 'Sent. A waiter will accept it shortly.',
  statusWaiting: 'Waiting for confirmation: it is prepared once a waiter confirms it.',
  statusAccepted: 'Accepted. Being prepared.',
  statusServed: 'Served. Enjoy your meal!',
  statusCancelled: 'The order was cancelled. If you have questions, call the waiter.',
  stepNew: 'Sent',
  stepAccepted: 'Accepted',
  stepServed: 'Served',
  newOrder: 'New order',
  callWaiter: 'Call the waiter',
  askBill: 'Ask for the bill',
  waiterCalled: 'The waiter has been called and will come shortly.',
  billAsked: 'The bill has been requested. The waiter will bring it.',
  callRepeat: 'The waiter has already been called and will come shortly. You can call again in a minute.',
  billRepeat:
    'The bill has already been requested and the waiter will bring it shortly. You can ask again in a minute.',
  callFailed: 'The request was not sent. Please try again.',
  calls: 'Waiter',
};

/** The texts the ordering script gets: ordering's and the bill's. */
export type TableTexts = OrderTexts & BillTexts;

export const ORDER_TEXTS: Record<Language, TableTexts> = {
  uz: { ...UZ, ...UZ_BILL },
  'uz-Cyrl': { ...cyrillic(UZ), ...UZ_CYRL_BILL },
  ru: { ...RU, ...RU_BILL },
  en: { ...EN, ...EN_BILL },
};

/** `{0}` replaced by a value (the script has its own copy of this one line: it gets the texts as data). */
export function fill(text: string, value: string | number): string {
  // A function, not a string: a dish named with `$&` must not be read as a replacement pattern.
  return text.replace('{0}', () => String(value));
}
