import { useSelector } from '@xstate/react';
import { Badge } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import type { Category } from '../../../client/categories';
import type { MenuLanguage } from '../../../client/types';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import type { ReorderRef } from '../../../machines/categories/categoryList.selectors';
import { byPositions } from '../../../machines/reorder/reorder.rules';
import { selectIsSavingPositions, selectPositionIds } from '../../../machines/reorder/reorder.selectors';
import { TRANSLATED_FIELDS } from '../../../machines/shared/translations.rules';
import { paths } from '../../app/paths';
import { EditDeleteButtons, IconLink } from '../../components/IconActions';
import { MissingTranslations } from '../../components/MissingTranslations';
import { ScheduleMark } from '../../components/ScheduleMark';
import { DragHandle } from '../../components/sortable/DragHandle';
import { useSortableRow } from '../../components/sortable/useSortableRow';

const DRAG_TYPE = 'category';

interface ListProps {
  categories: Category[];
  reorder: ReorderRef | undefined;
  canDelete: boolean;
  /** The menu's languages: a badge names those a title lacks. */
  languages: readonly MenuLanguage[];
  onEdit: (category: Category) => void;
  onDelete: (id: string) => void;
}

/** Spec 2.8, manager: a draggable list of categories, each with title, Faol / No faol and view / edit / delete. */
export function SortableCategoryList({ categories, reorder, ...actions }: ListProps) {
  const ids = useSelector(reorder, selectPositionIds);
  const saving = useSelector(reorder, selectIsSavingPositions);
  return (
    <ul
      className="sortable-list"
      aria-label={uz.categories}
      aria-describedby="category-drag-hint"
      aria-busy={saving}
      data-testid="category-list"
    >
      {byPositions(categories, ids).map((category) => (
        <CategoryRow key={category._id} category={category} reorder={reorder} {...actions} />
      ))}
    </ul>
  );
}

function CategoryRow({
  category,
  reorder,
  canDelete,
  languages,
  onEdit,
  onDelete,
}: Omit<ListProps, 'categories'> & { category: Category }) {
  const { rowRef, handleRef, isDragging, onHandleKeyDown } = useSortableRow(DRAG_TYPE, category._id, reorder);
  return (
    <li
      ref={rowRef}
      className={`sortable-row${isDragging ? ' is-dragging' : ''}`}
      data-testid={`category-row-${category._id}`}
      data-title={category.title}
    >
      <DragHandle label={uzCatalog.dragHandle(category.title)} handleRef={handleRef} onKeyDown={onHandleKeyDown} />
      <div className="row-main">
        <div className="row-title">
          {/* The name opens the category, as the eye icon does: it is the biggest target of the row. */}
          <Link to={paths.managerProductTable(category._id)} className="row-title-link">
            {category.title}
          </Link>
          <MissingTranslations languages={languages} item={category} fields={TRANSLATED_FIELDS.category} />
        </div>
        <Badge bg={category.is_active ? 'success' : 'danger'}>
          {category.is_active ? uz.active : uz.categoryInactive}
        </Badge>{' '}
        <ScheduleMark schedule={category.schedule} />
      </div>
      <div className="row-actions">
        <IconLink
          to={paths.managerProductTable(category._id)}
          icon="eye"
          action={uz.actionView}
          subject={category.title}
        />
        <EditDeleteButtons
          subject={category.title}
          onEdit={() => onEdit(category)}
          onDelete={() => onDelete(category._id)}
          canDelete={canDelete}
        />
      </div>
    </li>
  );
}
