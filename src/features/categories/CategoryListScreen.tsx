import '../../components/sortable/sortable.css';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link, useParams } from 'react-router-dom';
import { readRestaurantId } from '../../../client/storage';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { restaurantNameActor } from '../../../machines/categories/categoryList.actors';
import {
  selectCanDelete,
  selectCategories,
  selectConfirmDelete,
  selectCount,
  selectDeleteTarget,
  selectHasNoRestaurant,
  selectHasRows,
  selectIsEmpty,
  selectIsLoading,
  selectLanguages,
  selectLoadFailed,
  selectReorder,
  selectRestaurantId,
} from '../../../machines/categories/categoryList.selectors';
import { paths } from '../../app/paths';
import { useWorkingRestaurant } from '../../app/useWorkingRestaurant';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CountedDeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { Counters } from '../../components/Counters';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';
import { ScreenTitle, useLoadedName } from '../../components/ScreenTitle';
import { SortableProvider } from '../../components/sortable/SortableProvider';
import { useDeleting } from '../../components/useDeleting';
import { CategoryDialog } from './CategoryDialog';
import { CategoryTable } from './CategoryTable';
import { SortableCategoryList } from './SortableCategoryList';
import { useCategoryList } from './useCategoryList';

interface CategoryListScreenProps {
  variant: 'admin' | 'manager';
  /** /categoryModal: the screen opens with the add dialog. */
  openCreate?: boolean;
}

/**
 * Spec 2.8. Admin (/admin/categoryList/{id}): the restaurant's categories in a table, counters Jami / Faol /
 * No faol. Manager (/managerCategoryList): their restaurant's categories as a draggable list, counters Jami and
 * Faol. Both add, edit (the category modal) and delete after 'Haqiqatan ham ushbu toifani o'chirmoqchimisiz?'.
 */
export function CategoryListScreen({ variant, openCreate = false }: CategoryListScreenProps) {
  const params = useParams();
  // The admin's restaurant is in the URL; a manager's was stored at login (spec 3: restaurantId).
  const [initialRestaurant] = useState(() => (variant === 'admin' ? (params.id ?? null) : readRestaurantId()));
  const { list, dialog } = useCategoryList(variant, initialRestaurant);

  const loading = useSelector(list, selectIsLoading);
  const failed = useSelector(list, selectLoadFailed);
  const empty = useSelector(list, selectIsEmpty);
  const hasRows = useSelector(list, selectHasRows);
  const noRestaurant = useSelector(list, selectHasNoRestaurant);
  const count = useSelector(list, selectCount);
  const categories = useSelector(list, selectCategories);
  const restaurantId = useSelector(list, selectRestaurantId);
  const reorder = useSelector(list, selectReorder);
  const deleteTarget = useSelector(list, selectDeleteTarget);
  const deleting = useDeleting(useSelector(list, selectConfirmDelete));
  const canDelete = useSelector(list, selectCanDelete);
  const languages = useSelector(list, selectLanguages);
  const isAdmin = variant === 'admin';

  // The add dialog opens once the restaurant a new category belongs to is known (stored at login, or the first load).
  useEffect(() => {
    if (openCreate && restaurantId) dialog.send({ type: 'dialog.open', scope: { restaurantId }, languages });
  }, [openCreate, restaurantId, dialog, languages]);

  const rowActions = {
    categories,
    reorder,
    canDelete,
    languages,
    onEdit: (category: (typeof categories)[number]) => dialog.send({ type: 'dialog.open', item: category, languages }),
    onDelete: (id: string) => list.send({ type: 'category.delete', id }),
  };

  return (
    <section className="screen">
      <header className="screen-header">
        <div className="d-flex align-items-center gap-2">
          {isAdmin && (
            <Link to={paths.adminRestaurants()} className="btn btn-sm btn-outline-secondary" aria-label={uz.back}>
              <Icon name="back" />
            </Link>
          )}
          {isAdmin ? (
            <AdminTitle restaurantId={initialRestaurant ?? ''} />
          ) : (
            <h1 className="h3 mb-0">{uz.categories}</h1>
          )}
        </div>
        <Button
          onClick={() => dialog.send({ type: 'dialog.open', scope: { restaurantId }, languages })}
          disabled={noRestaurant}
        >
          <Icon name="plus" /> {uzCatalog.addCategory}
        </Button>
      </header>

      {count && (
        <Counters
          items={[
            { label: uz.countAll, value: count.all_count, tone: 'primary' },
            { label: uz.countActive, value: count.active_count, tone: 'success' },
            ...(isAdmin ? [{ label: uz.countInactive, value: count.inactive_count, tone: 'danger' as const }] : []),
          ]}
        />
      )}

      {failed && <LoadError message={uz.categoryLoadFailed} onRetry={() => list.send({ type: 'categories.retry' })} />}
      {loading && <Loading />}
      {noRestaurant && <Alert variant="warning">{uzCatalog.noRestaurantOfManager}</Alert>}
      {empty && !noRestaurant && <p className="text-secondary text-center py-4">{uz.categoryEmpty}</p>}
      {hasRows &&
        (isAdmin ? (
          <CategoryTable restaurantId={restaurantId ?? ''} {...rowActions} />
        ) : (
          <SortableProvider>
            <p id="category-drag-hint" className="small text-secondary mb-2">
              {uzCatalog.dragHint}
            </p>
            <SortableCategoryList {...rowActions} />
          </SortableProvider>
        ))}

      <ConfirmDialog
        show={deleteTarget !== null}
        title={uz.confirmDeleteTitle}
        busy={deleting}
        onConfirm={() => list.send({ type: 'confirm.yes' })}
        onCancel={() => list.send({ type: 'confirm.no' })}
      >
        <CountedDeleteQuestion
          of={list}
          question={uz.categoryDeleteConfirm}
          what={(n) => uz.categoryDeleteWhat(deleteTarget?.title ?? '', n)}
        />
      </ConfirmDialog>
      <CategoryDialog actor={dialog} />
    </section>
  );
}

/** The admin's title names the restaurant; a manager's screen has its working restaurant's line. */
function AdminTitle({ restaurantId }: { restaurantId: string }) {
  const name = useLoadedName(restaurantNameActor, { restaurantId });
  return <ScreenTitle title={uz.categories} label={uz.workingRestaurantLabel} name={name} />;
}

/** /admin/categoryList/{id}. */
export function AdminCategoryListScreen() {
  const { id } = useParams();
  return <CategoryListScreen key={id} variant="admin" />;
}
/** /managerCategoryList: started again if the session settles on another working restaurant. */
export function ManagerCategoryListScreen({ openCreate = false }: { openCreate?: boolean }) {
  return <CategoryListScreen key={useWorkingRestaurant()} variant="manager" openCreate={openCreate} />;
}
