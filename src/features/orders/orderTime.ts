/**
 * When an order or call came, as the staff read it on the device's clock: `14:05` today, `25.11 14:05` before
 * (a list left open past midnight, or the "all" filter). Written by hand: Uzbek locale data is not in every browser.
 */
export function orderTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(at.getHours())}:${two(at.getMinutes())}`;
  const sameDay =
    at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? time : `${two(at.getDate())}.${two(at.getMonth() + 1)} ${time}`;
}
