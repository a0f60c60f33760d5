import { useSelector } from '@xstate/react';
import { Badge } from 'react-bootstrap';
import { assetUrl } from '../../../client/client';
import type { Product } from '../../../client/products';
import type { MenuLanguage } from '../../../client/types';
import { formatPrice } from '../../../lib/format';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import type { ReorderRef } from '../../../machines/products/productList.selectors';
import { selectIsSavingPositions } from '../../../machines/reorder/reorder.selectors';
import { TRANSLATED_FIELDS } from '../../../machines/shared/translations.rules';
import { paths } from '../../app/paths';
import { EditDeleteButtons, IconLink } from '../../components/IconActions';
import { MissingTranslations } from '../../components/MissingTranslations';
import { DragHandle } from '../../components/sortable/DragHandle';
import { useSortableRow } from '../../components/sortable/useSortableRow';
import { ProductFacts } from './ProductFacts';

const DRAG_TYPE = 'product';

interface ListProps {
  rows: Array<{ product: Product; index: number }>;
  reorder: ReorderRef | undefined;
  canDelete: boolean;
  /** The menu's languages: a badge names those a product's texts lack. */
  languages: readonly MenuLanguage[];
  onEdit: (product: Product) => void;
  onDelete: (id: string) => void;
}

/**
 * Spec 2.9, manager: a draggable list of the page's products with name, Narxi, the dish's facts in one short line
 * and Faol / Faol emas.
 */
export function SortableProductList({ rows, ...rest }: ListProps) {
  const saving = useSelector(rest.reorder, selectIsSavingPositions);
  return (
    <ul
      className="sortable-list"
      aria-label={uz.products}
      aria-describedby="product-drag-hint"
      aria-busy={saving}
      data-testid="product-list"
    >
      {rows.map(({ product }) => (
        <ProductRow key={product._id} product={product} {...rest} />
      ))}
    </ul>
  );
}

function ProductRow({
  product: p,
  reorder,
  canDelete,
  languages,
  onEdit,
  onDelete,
}: Omit<ListProps, 'rows'> & { product: Product }) {
  const { rowRef, handleRef, isDragging, onHandleKeyDown } = useSortableRow(DRAG_TYPE, p._id, reorder);
  const thumb = assetUrl(p.images[0]?.file);
  return (
    <li
      ref={rowRef}
      className={`sortable-row${isDragging ? ' is-dragging' : ''}`}
      data-testid={`product-row-${p._id}`}
      data-name={p.name}
    >
      <DragHandle label={uzCatalog.dragHandle(p.name)} handleRef={handleRef} onKeyDown={onHandleKeyDown} />
      {thumb ? <img src={thumb} alt="" className="product-thumb" /> : <div className="product-thumb" aria-hidden />}
      <div className="row-main">
        <div className="row-title">
          {p.name}
          <MissingTranslations languages={languages} item={p} fields={TRANSLATED_FIELDS.product} />
        </div>
        <div className="small">
          <span className="text-secondary">{uz.price}: </span>
          <span className="text-nowrap">{formatPrice(p.price)}</span>
        </div>
        <ProductFacts product={p} />
        <Badge bg={p.is_active ? 'success' : 'danger'}>{p.is_active ? uz.active : uz.productInactive}</Badge>
      </div>
      <div className="row-actions">
        <IconLink to={paths.productDetail(p._id, p.category_id)} icon="eye" action={uz.actionView} subject={p.name} />
        <IconLink
          to={paths.managerProductOptionRow(p._id)}
          icon="list"
          action={uzCatalog.actionOptions}
          subject={p.name}
        />
        <EditDeleteButtons
          subject={p.name}
          onEdit={() => onEdit(p)}
          onDelete={() => onDelete(p._id)}
          canDelete={canDelete}
        />
      </div>
    </li>
  );
}
