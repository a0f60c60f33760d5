/**
 * The new-order sound, replaced in the screens' shared project (tests/ui/support/shared-mocks.ts): jsdom has no Web
 * Audio, and a test counts the sounds made here. Set `alerts.count` to 0 in the test's beforeEach.
 */
export const alerts = { count: 0 };

export function playOrderAlert(): void {
  alerts.count++;
}

export function prepareOrderAlert(): () => void {
  return () => {};
}
