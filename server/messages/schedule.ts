/** Schedules and working hours: refusals of malformed windows and time zones, and of orders and calls out of hours. */
export const scheduleMessages = {};
