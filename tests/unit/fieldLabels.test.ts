import { describe, expect, it } from 'vitest';
import { restaurantFieldLabels } from '../../machines/restaurants/restaurantFieldLabels';
import { withFieldLabels } from '../../machines/shared/errors';

/** The server's field keys become the form's labels in what a dialog shows. */
describe('withFieldLabels', () => {
  it.each([
    [
      `"name" maydoni noto'g'ri: ko'pi bilan 120 ta belgi bo'lishi kerak.`,
      `"Nomi" maydoni noto'g'ri: ko'pi bilan 120 ta belgi bo'lishi kerak.`,
    ],
    ['"phone_number" maydoni majburiy.', '"Telefon raqam" maydoni majburiy.'],
    [
      '"hide_stopped" maydonini faqat administrator o\'zgartira oladi.',
      `"Stop-listdagi mahsulotlarni menyuda ko'rsatmaslik" maydonini faqat administrator o'zgartira oladi.`,
    ],
    ['"foo" maydoni qabul qilinmaydi.', '"foo" maydoni qabul qilinmaydi.'],
    ['Bunday slug allaqachon mavjud: "name" emas.', 'Bunday slug allaqachon mavjud: "name" emas.'],
    ['"toString" maydoni majburiy.', '"toString" maydoni majburiy.'],
  ])('%s', (message, shown) => {
    expect(withFieldLabels(message, restaurantFieldLabels)).toBe(shown);
  });
});
