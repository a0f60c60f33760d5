import { memo } from 'react';
import { Badge } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import type { Group } from '../../../machines/stopList/groups';
import { groupCheckState } from '../../../machines/stopList/stopList.selectors';
import { ProductRow } from './ProductRow';

interface CategoryGroupProps {
  group: Group;
  selected: ReadonlySet<string>;
  disabled: boolean;
  onToggleCategory: (categoryId: string) => void;
  onToggleProduct: (id: string) => void;
}

/**
 * A category title with its product count, its flag (Faol / No faol: the public menu hides an inactive category)
 * and a checkbox for all its visible products; then its product rows.
 */
export const CategoryGroup = memo(function CategoryGroup({
  group,
  selected,
  disabled,
  onToggleCategory,
  onToggleProduct,
}: CategoryGroupProps) {
  const { category, products } = group;
  const check = groupCheckState(group, selected);
  const titleId = `stop-group-${category._id}`;
  const checkId = `stop-check-${category._id}`;
  return (
    <section className="stop-group" aria-labelledby={titleId} data-category-active={String(category.is_active)}>
      <header className="stop-group-header">
        {/* The title is a label of the select-all box: tapping it selects the category too. */}
        <h2 id={titleId} className="stop-group-title">
          <label htmlFor={checkId}>{category.title}</label>
        </h2>
        <Badge bg="light" text="dark" className="stop-group-count">
          {products.length}
        </Badge>
        <Badge
          bg={category.is_active ? 'success-subtle' : 'secondary'}
          className={`stop-group-flag${category.is_active ? ' text-success-emphasis' : ''}`}
        >
          {category.is_active ? uz.stopListCategoryActive : uz.stopListCategoryInactive}
        </Badge>
        {/* A 44 × 44 px tap area around the 22 px box (stopList.css). */}
        <label className="stop-check-target">
          <input
            id={checkId}
            type="checkbox"
            className="form-check-input stop-check"
            aria-label={uzCatalog.stopListSelectCategory(category.title)}
            checked={check === 'checked'}
            ref={(node) => {
              if (node) node.indeterminate = check === 'indeterminate';
            }}
            disabled={disabled}
            onChange={() => onToggleCategory(category._id)}
          />
        </label>
      </header>
      <ul className="stop-rows">
        {products.map((product) => (
          <ProductRow
            key={product._id}
            product={product}
            selected={selected.has(product._id)}
            disabled={disabled}
            onToggle={onToggleProduct}
          />
        ))}
      </ul>
    </section>
  );
});
