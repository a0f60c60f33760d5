import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A table's QR code is its token, so every page and image that shows one (a table's QR code, its card, the card
 * sheets) is for the restaurant's staff only. The panel holds its session as a bearer token, which a page opened in a
 * new tab or an `<img>` cannot send; so `GET /manager/tables` (the staff's own authenticated call) hands out a print
 * pass with the list: `<expiry>.<HMAC of the restaurant and expiry>`, valid for one restaurant for PRINT_PASS_SECONDS,
 * added to those URLs as `pass=`. Nothing is stored: the server's secret (the JWT secret, through its own derived key)
 * checks it. A pass for one restaurant opens nothing of another's.
 */
export const PRINT_PASS_SECONDS = 60 * 60;

export class PrintPasses {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    // A key of its own: a pass is never a signature the JWT code would accept, nor the other way round.
    this.key = createHmac('sha256', secret).update('menyu print pass').digest();
  }

  private sign(restaurantId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${restaurantId}.${expires}`).digest('base64url');
  }

  /** A pass for `restaurantId`, and when it stops working (ISO time). */
  issue(restaurantId: string): { pass: string; expires_at: string } {
    const expires = Math.floor(this.now() / 1000) + PRINT_PASS_SECONDS;
    return {
      pass: `${expires}.${this.sign(restaurantId, expires)}`,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /** Whether `pass` was issued for `restaurantId` and has not expired. */
  valid(pass: string | undefined, restaurantId: string): boolean {
    const match = /^(\d{1,12})\.([\w-]{43})$/.exec(pass ?? '');
    if (!match) return false;
    const expires = Number(match[1]);
    if (expires * 1000 <= this.now()) return false;
    const expected = Buffer.from(this.sign(restaurantId, expires));
    const given = Buffer.from(match[2]!);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
