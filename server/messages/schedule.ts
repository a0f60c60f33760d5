import type { ClockTime, Weekday } from '../../lib/schedule-types';

/** Days of the week as the sentences below name them (1 = Monday). */
const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'dushanba',
  2: 'seshanba',
  3: 'chorshanba',
  4: 'payshanba',
  5: 'juma',
  6: 'shanba',
  7: 'yakshanba',
};

/** When a closed restaurant opens, as lib/schedule.ts's nextOpening answers it (null: it has no opening hours). */
export interface Opening {
  weekday: Weekday;
  time: ClockTime;
  /** Later today. */
  today: boolean;
  /** Tomorrow (not today). */
  tomorrow: boolean;
}

function whenItOpens(opening: Opening): string {
  if (opening.today) return `${opening.time} da`;
  if (opening.tomorrow) return `ertaga ${opening.time} da`;
  return `${WEEKDAY_NAMES[opening.weekday]} kuni ${opening.time} da`;
}

/** One opening interval of a day of the working hours. */
export interface Interval {
  weekday: Weekday;
  from: ClockTime;
  to: ClockTime;
}

const intervalWords = (interval: Interval) => `${WEEKDAY_NAMES[interval.weekday]} ${interval.from}–${interval.to}`;

/** Schedules and working hours: refusals of malformed windows and time zones, and of orders and calls out of hours. */
export const scheduleMessages = {
  clockTimeInvalid: (field: string) =>
    `"${field}" maydoni noto'g'ri: vaqt "SS:DD" (soat:daqiqa) ko'rinishida bo'lishi kerak (00:00 dan 23:59 gacha), masalan "08:00".`,
  timeWindowEmpty: (field: string) =>
    `"${field}" maydoni noto'g'ri: boshlanish va tugash vaqti bir xil bo'lmasligi kerak.`,
  workingHoursOverlap: (first: Interval, second: Interval) =>
    `"working_hours" maydoni noto'g'ri: ${intervalWords(first)} va ${intervalWords(second)} oraliqlari bir-birining ustiga tushadi.`,
  unknownTimeZone: (zone: string) =>
    `"${zone}" vaqt mintaqasi topilmadi: IANA nomi bo'lishi kerak, masalan "Asia/Tashkent".`,
  restaurantClosed: (opening: Opening | null) =>
    opening ? `Restoran hozir yopiq, ${whenItOpens(opening)} ochiladi.` : 'Restoran hozir yopiq.',
};
