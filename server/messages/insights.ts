/** The owner's report: the period asked for. */
export const insightMessages = {
  insightsDateInvalid: (name: string) => `${name} sanasi YYYY-MM-DD ko'rinishida bo'lishi kerak (masalan, 2026-12-01).`,
  insightsPeriodReversed: "Davr oxiri boshidan oldin bo'lmasligi kerak.",
  insightsPeriodTooLong: (days: number) => `Davr ko'pi bilan ${days} kun bo'lishi mumkin.`,
  digestTimeInvalid: "Hisobot vaqti SS:DD ko'rinishida bo'lishi kerak (masalan, 23:00).",
};
