import { Badge } from 'react-bootstrap';
import type { Product } from '../../../client/products';
import type { MenuLanguage } from '../../../client/types';
import { formatPrice } from '../../../lib/format';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { shortDescription } from '../../../machines/products/productList.selectors';
import { TRANSLATED_FIELDS } from '../../../machines/shared/translations.rules';
import { paths } from '../../app/paths';
import { type ListColumn, ListTable } from '../../components/ListTable';
import { MissingTranslations } from '../../components/MissingTranslations';
import { withRestaurant } from './restaurantLink';

interface ProductTableProps {
  /** The restaurant of the URL: the detail and options links name it (its languages there). */
  restaurantId: string | null;
  rows: Array<{ product: Product; index: number }>;
  /** The menu's languages: a badge names those a product's texts lack. */
  languages: readonly MenuLanguage[];
  canDelete: boolean;
  onEdit: (product: Product) => void;
  onDelete: (id: string) => void;
}

const columnsFor = (languages: readonly MenuLanguage[]): Array<ListColumn<Product>> => [
  {
    label: uz.colName,
    cell: (p) => (
      <>
        {p.name}
        <MissingTranslations languages={languages} item={p} fields={TRANSLATED_FIELDS.product} />
      </>
    ),
    className: () => 'fw-semibold',
  },
  { label: uz.price, cell: (p) => formatPrice(p.price), className: () => 'text-nowrap' },
  { label: uzCatalog.fieldDescription, cell: (p) => shortDescription(p.description), title: (p) => p.description },
  {
    label: uz.colStatus,
    cell: (p) => <Badge bg={p.is_active ? 'success' : 'danger'}>{p.is_active ? uz.active : uz.productInactive}</Badge>,
  },
];

/** Spec 2.9, admin: the product table with details, options, edit and delete; descriptions cut to 4 words. */
export function ProductTable({ restaurantId, rows, languages, canDelete, onEdit, onDelete }: ProductTableProps) {
  return (
    <ListTable
      label={uz.products}
      rows={rows.map(({ product, index }) => ({ item: product, index }))}
      columns={columnsFor(languages)}
      subject={(p) => p.name}
      rowProps={(p) => ({ 'data-testid': `product-row-${p._id}`, 'data-name': p.name })}
      links={(p) => [
        {
          to: withRestaurant(paths.adminProductDetail(p._id, p.category_id), restaurantId),
          icon: 'eye',
          action: uzCatalog.actionDetails,
        },
        {
          to: withRestaurant(paths.adminProductOption(p._id), restaurantId),
          icon: 'list',
          action: uzCatalog.actionOptions,
        },
      ]}
      canDelete={canDelete}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
