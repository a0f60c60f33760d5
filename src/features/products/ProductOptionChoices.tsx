import { formatAddition, formatPrice } from '../../../lib/format';
import { uz } from '../../../lib/uz';
import type { RowChoice } from '../../../machines/products/productDetail.selectors';

interface OptionChoices {
  _id: string;
  name: string;
  rows: RowChoice[];
}

/**
 * The product detail's options: each row as what it adds to the product's price and the total a diner then pays
 * ('Katta: +5 000 so'm → 30 000 so'm'), so a manager sees at once whether a row was typed as a total.
 */
export function ProductOptionChoices({ options }: { options: OptionChoices[] }) {
  if (options.length === 0) return <>{uz.optionsEmpty}</>;
  return (
    <ul className="list-unstyled mb-0">
      {options.map((option) => (
        <li key={option._id} className="mb-1">
          <strong>{option.name}</strong>
          {option.rows.length === 0 ? (
            <span className="text-secondary">: {uz.rowsEmpty}</span>
          ) : (
            <ul className="product-row-choices list-unstyled mb-0 ps-3">
              {option.rows.map((row) => (
                <li key={row._id} data-testid={`row-choice-${row._id}`}>
                  {row.name}: <span className="text-nowrap">{formatAddition(row.addition)}</span> →{' '}
                  <span className="text-nowrap fw-semibold">{formatPrice(row.total)}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
