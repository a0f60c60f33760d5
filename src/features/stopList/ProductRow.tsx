import { memo } from 'react';
import { assetUrl } from '../../../client/client';
import type { CatalogProduct } from '../../../machines/stopList/catalog';

interface ProductRowProps {
  product: CatalogProduct;
  selected: boolean;
  disabled: boolean;
  onToggle: (id: string) => void;
}

/**
 * One product: thumbnail, name, checkbox. The whole row is the checkbox's label (a big target on a phone, and the
 * checkbox's accessible name is the product name). Memoized: toggling one category re-renders only its rows.
 */
export const ProductRow = memo(function ProductRow({ product, selected, disabled, onToggle }: ProductRowProps) {
  const src = assetUrl(product.thumbnail);
  return (
    <li className={`stop-row${selected ? ' selected' : ''}`}>
      <label className="stop-row-label">
        {src ? (
          <img className="stop-thumb" src={src} alt="" width={44} height={44} loading="lazy" decoding="async" />
        ) : (
          <span className="stop-thumb stop-thumb-empty" aria-hidden>
            {Array.from(product.name.trim())[0]?.toUpperCase() ?? '?'}
          </span>
        )}
        <span className="stop-row-name">{product.name}</span>
        <input
          type="checkbox"
          className="form-check-input stop-check"
          checked={selected}
          disabled={disabled}
          onChange={() => onToggle(product._id)}
        />
      </label>
    </li>
  );
});
