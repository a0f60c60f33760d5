import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffOrder } from '../../client/orders';
import { OrderCard } from '../../src/features/orders/OrderCard';

/**
 * The staff's order card says what the diner's menu and the Telegram channel say: a served order is "Berildi" (the
 * button) and "Berilgan" (its state), never "Yetkazildi"; a free option row is listed by its name, never "(+0 so'm)";
 * an amount and its currency are one unbreakable piece of text.
 */

const order = (status: StaffOrder['status'], needs_confirmation = false): StaffOrder => ({
  _id: '00000000-0000-4000-8000-000000000001',
  restaurant_id: '00000000-0000-4000-8000-000000000002',
  number: 7,
  status,
  table: { _id: null, name: '3' },
  items: [
    {
      product_id: '00000000-0000-4000-8000-000000000003',
      name: 'Samarqand oshi',
      quantity: 4,
      rows: [
        { _id: '00000000-0000-4000-8000-000000000004', name: 'Kichik', price: 0 },
        { _id: '00000000-0000-4000-8000-000000000005', name: 'Qazi', price: 6000 },
      ],
      line_total: 144000,
      station_id: null,
      status: 'new' as const,
      moves: [],
    },
  ],
  total: 144000,
  needs_confirmation,
  service_percent: 0,
  service: 0,
  payment_status: 'unpaid',
  payment: null,
  kitchen_status: 'new',
  print: null,
  pos: null,
  comment: '',
  createdAt: '2026-11-27T09:05:00.000Z',
  updatedAt: '2026-11-27T09:05:00.000Z',
  status_changed_by: null,
  telegram_error: null,
});

const card = (status: StaffOrder['status'], needsConfirmation = false) =>
  render(
    <OrderCard
      order={order(status, needsConfirmation)}
      busy={false}
      disabled={false}
      onAccept={() => {}}
      onServe={() => {}}
      onCancel={() => {}}
    />,
  );

describe('the order card’s words', () => {
  it('serves with "Berildi" and shows a served order as "Berilgan"', () => {
    const { unmount } = card('accepted');
    expect(screen.getByRole('button', { name: 'Berildi' })).toBeEnabled();
    expect(screen.queryByText(/Yetkaz/)).toBeNull();
    unmount();
    card('served');
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^Berilgan$/);
  });

  it('lists a free row by its name, a paid one with what it adds', () => {
    card('new');
    const lines = screen.getByRole('list', { name: 'Buyurtma tarkibi' });
    expect(within(lines).getByText("Kichik, Qazi (+6 000 so'm)")).toBeVisible();
    expect(lines.textContent).not.toMatch(/\+0/);
  });

  it('keeps every amount with its currency: no-break spaces inside', () => {
    card('new');
    expect(screen.getByTestId('order-total').textContent).toBe("144\u00a0000\u00a0so'm");
    const lines = screen.getByRole('list', { name: 'Buyurtma tarkibi' });
    expect(lines.textContent).toContain("144\u00a0000\u00a0so'm");
    expect(lines.textContent).toContain("+6\u00a0000\u00a0so'm");
  });

  it('adds the service charge to the total, as the bill charges it', () => {
    render(
      <OrderCard
        order={{ ...order('new'), service_percent: 10, service: 14400 }}
        busy={false}
        disabled={false}
        onAccept={() => {}}
        onServe={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByTestId('order-service').textContent).toBe("Xizmat haqi 10\u00a0%14\u00a0400\u00a0so'm");
    expect(screen.getByTestId('order-total').textContent).toBe("158\u00a0400\u00a0so'm");
  });

  it('marks an order waiting for confirmation and accepts it with "Tasdiqlash"', () => {
    const { unmount } = card('new', true);
    expect(screen.getByTestId('order-needs-confirmation')).toHaveTextContent(
      "Tekshiring: bu stoldan juda ko'p buyurtma",
    );
    expect(screen.getByRole('button', { name: 'Tasdiqlash' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Qabul qilish' })).toBeNull();
    unmount();
    card('new');
    expect(screen.queryByTestId('order-needs-confirmation')).toBeNull();
    expect(screen.getByRole('button', { name: 'Qabul qilish' })).toBeEnabled();
  });
});
