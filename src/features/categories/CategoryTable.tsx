import { useSelector } from '@xstate/react';
import { Badge } from 'react-bootstrap';
import type { Category } from '../../../client/categories';
import type { MenuLanguage } from '../../../client/types';
import { uz } from '../../../lib/uz';
import type { ReorderRef } from '../../../machines/categories/categoryList.selectors';
import { byPositions } from '../../../machines/reorder/reorder.rules';
import { selectPositionIds } from '../../../machines/reorder/reorder.selectors';
import { TRANSLATED_FIELDS } from '../../../machines/shared/translations.rules';
import { paths } from '../../app/paths';
import { type ListColumn, ListTable } from '../../components/ListTable';
import { MissingTranslations } from '../../components/MissingTranslations';

interface TableProps {
  restaurantId: string;
  categories: Category[];
  reorder: ReorderRef | undefined;
  /** The menu's languages: a badge names those a title lacks. */
  languages: readonly MenuLanguage[];
  canDelete: boolean;
  onEdit: (category: Category) => void;
  onDelete: (id: string) => void;
}

const columnsFor = (languages: readonly MenuLanguage[]): Array<ListColumn<Category>> => [
  {
    label: uz.colName,
    cell: (category) => (
      <>
        {category.title}
        <MissingTranslations languages={languages} item={category} fields={TRANSLATED_FIELDS.category} />
      </>
    ),
    className: (category) => `fw-semibold ${category.is_active ? 'text-success' : 'text-danger'}`,
  },
  {
    label: uz.colStatus,
    cell: (category) => (
      <Badge bg={category.is_active ? 'success' : 'danger'}>
        {category.is_active ? uz.active : uz.categoryInactive}
      </Badge>
    ),
  },
];

/** Spec 2.8, admin: the restaurant's categories (in their display order) with view products / edit / delete. */
export function CategoryTable({
  restaurantId,
  categories,
  reorder,
  languages,
  canDelete,
  onEdit,
  onDelete,
}: TableProps) {
  const ids = useSelector(reorder, selectPositionIds);
  return (
    <ListTable
      label={uz.categories}
      rows={byPositions(categories, ids).map((item, i) => ({ item, index: i + 1 }))}
      columns={columnsFor(languages)}
      subject={(category) => category.title}
      rowProps={(category) => ({ 'data-testid': `category-row-${category._id}`, 'data-title': category.title })}
      links={(category) => [
        { to: paths.adminViewProduct(category._id, restaurantId), icon: 'eye', action: uz.products },
      ]}
      canDelete={canDelete}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
