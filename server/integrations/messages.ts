import { HttpError } from '../errors';
import type { PosErrorKind } from './provider';

/** Every sentence the integration calls answer with; the first four are the spec's own texts (sections 5 and 8). */
export const SELECT_BOTH = 'Iltimos, restoran va menedjer tanlang!';
export const SYNC_FAILED = 'Restoranni yangilashda xatolik yuz berdi!';
export const CREATE_FAILED = "Restoran qo'shishda xatolik yuz berdi!";
export const LIST_FAILED = "Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.";

export const NOT_CONFIGURED = 'Integratsiya manbasi sozlanmagan';
export const NOT_INTEGRATION = "Bu restoran integratsiya orqali qo'shilmagan, uni sinxronlab bo'lmaydi.";
export const OTHER_PROVIDER = "Bu restoran boshqa integratsiya manbasiga bog'langan.";
export const SYNC_RUNNING = 'Bu restoran hozir sinxronlanmoqda. Iltimos, tugashini kuting.';
export const ALREADY_LINKED = "Bu restoran allaqachon integratsiyadan qo'shilgan.";
export const CREATE_RUNNING = "Bu restoran hozir qo'shilmoqda. Iltimos, tugashini kuting.";
export const ORGANIZATION_NOT_FOUND = 'Integratsiya manbasida bunday restoran topilmadi.';

/** Recorded in sync_runs.error before the technical detail, so the restaurant view can say what went wrong. */
export const POS_FAILURE_REASON: Record<PosErrorKind, string> = {
  timeout: 'POS belgilangan vaqt ichida javob bermadi',
  unavailable: 'POS ishlamayapti yoki xatolik qaytardi',
  rejected: "POS so'rovni rad etdi",
  'bad-response': "POS javobini o'qib bo'lmadi",
};

/**
 * An integration failure whose message is for the client even when its status is 5xx (502 the POS failed, 503 no
 * source configured, 504 the POS did not answer in time): an HttpError, whose sentence the central handler sends
 * whatever the status (server/plugins/errors.ts).
 */
export class IntegrationError extends HttpError {}
