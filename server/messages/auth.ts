/** Signing in, one's own password, and the tickets that open the staff's live updates. */
export const authMessages = {
  /** Spec sections 2.3 and 8. */
  loginFailed: 'Login yoki parol xato',
  wrongCurrentPassword: "Joriy parol noto'g'ri.",
  samePassword: 'Yangi parol joriy paroldan farq qilishi kerak.',
  eventTicketRequired: 'Jonli yangilanishlar uchun chipta (ticket) yuborilmadi. Sahifani qayta oching.',
  eventTicketInvalid: 'Jonli yangilanishlar chiptasi yaroqsiz yoki muddati tugagan. Yangi chipta oling.',
};
