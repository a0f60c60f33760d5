import '../../components/sortable/sortable.css';
import './products.css';
import { useSelector } from '@xstate/react';
import { Button } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { categoryTitleActor } from '../../../machines/products/productList.actors';
import {
  pageRows,
  selectCanDelete,
  selectConfirmDelete,
  selectCount,
  selectDeleteTarget,
  selectHasRows,
  selectIsEmpty,
  selectIsLoading,
  selectLanguages,
  selectLoadFailed,
  selectPage,
  selectPageCount,
  selectProducts,
  selectReorder,
  selectShowPager,
} from '../../../machines/products/productList.selectors';
import { selectPositionIds } from '../../../machines/reorder/reorder.selectors';
import { paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CountedDeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { Counters } from '../../components/Counters';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';
import { Pager } from '../../components/Pager';
import { ScreenTitle, useLoadedName } from '../../components/ScreenTitle';
import { SortableProvider } from '../../components/sortable/SortableProvider';
import { useDeleting } from '../../components/useDeleting';
import { PageButtons } from './PageButtons';
import { ProductDialog } from './ProductDialog';
import { ProductTable } from './ProductTable';
import { SortableProductList } from './SortableProductList';
import { useProductList } from './useProductList';

/**
 * Spec 2.9: a category's products. Admin (/admin/viewProduct/{category_id}/{restaurant id}, /ProductTable/{id}):
 * a table paged 10 at a time with previous / next. Manager (/ManagerProductTable/{category_id}): back button,
 * 'Mahsulotlar', a draggable list and numbered page buttons over 10 products. Both: counters Jami / Faol /
 * No faol, add, edit, delete after 'Haqiqatan ham o'chirmoqchimisiz?'. The title names the category.
 */
export function ProductListScreen({ variant }: { variant: 'admin' | 'manager' }) {
  const { category_id: categoryId = '', id: restaurantId } = useParams();
  const navigate = useNavigate();
  const { list, dialog } = useProductList(categoryId, variant, restaurantId ?? null);
  const categoryTitle = useLoadedName(categoryTitleActor, {
    categoryId,
    role: variant,
    restaurantId: restaurantId ?? null,
  });

  const loading = useSelector(list, selectIsLoading);
  const failed = useSelector(list, selectLoadFailed);
  const empty = useSelector(list, selectIsEmpty);
  const hasRows = useSelector(list, selectHasRows);
  const count = useSelector(list, selectCount);
  const products = useSelector(list, selectProducts);
  const page = useSelector(list, selectPage);
  const pages = useSelector(list, selectPageCount);
  const showPager = useSelector(list, selectShowPager);
  const canPrev = useSelector(list, (s) => s.can({ type: 'page.prev' }));
  const canNext = useSelector(list, (s) => s.can({ type: 'page.next' }));
  const reorder = useSelector(list, selectReorder);
  const positionIds = useSelector(reorder, selectPositionIds);
  const deleteTarget = useSelector(list, selectDeleteTarget);
  const deleting = useDeleting(useSelector(list, selectConfirmDelete));
  const canDelete = useSelector(list, selectCanDelete);
  const rows = pageRows(products, positionIds, page);
  const isAdmin = variant === 'admin';
  const languages = useSelector(list, selectLanguages);

  const rowActions = {
    rows,
    canDelete,
    languages,
    onEdit: (product: (typeof products)[number]) => dialog.send({ type: 'dialog.open', item: product, languages }),
    onDelete: (id: string) => list.send({ type: 'product.delete', id }),
  };

  const back = isAdmin ? (
    restaurantId ? (
      <Link
        to={paths.adminCategoryList(restaurantId)}
        className="btn btn-sm btn-outline-secondary"
        aria-label={uz.back}
      >
        <Icon name="back" />
      </Link>
    ) : (
      <Button size="sm" variant="outline-secondary" aria-label={uz.back} onClick={() => navigate(-1)}>
        <Icon name="back" />
      </Button>
    )
  ) : (
    <Link to={paths.managerCategoryList()} className="btn btn-sm btn-outline-secondary" aria-label={uz.back}>
      <Icon name="back" />
    </Link>
  );

  return (
    <section className="screen">
      <header className="screen-header">
        <div className="d-flex align-items-center gap-2">
          {back}
          <ScreenTitle title={uz.products} label={uzCatalog.fieldCategory} name={categoryTitle} />
        </div>
        <Button onClick={() => dialog.send({ type: 'dialog.open', languages })}>
          <Icon name="plus" /> {uzCatalog.addProduct}
        </Button>
      </header>

      {count && (
        <Counters
          items={[
            { label: uz.countAll, value: count.all_count, tone: 'primary' },
            { label: uz.countActive, value: count.active_count, tone: 'success' },
            { label: uz.countInactive, value: count.inactive_count, tone: 'danger' },
          ]}
        />
      )}

      {failed && <LoadError message={uz.productLoadFailed} onRetry={() => list.send({ type: 'products.retry' })} />}
      {loading && <Loading />}
      {empty && <p className="text-secondary text-center py-4">{uz.productsEmpty}</p>}
      {hasRows &&
        (isAdmin ? (
          <>
            <ProductTable restaurantId={restaurantId ?? null} {...rowActions} />
            <Pager
              page={page}
              pages={pages}
              canPrev={canPrev}
              canNext={canNext}
              onPrev={() => list.send({ type: 'page.prev' })}
              onNext={() => list.send({ type: 'page.next' })}
            />
          </>
        ) : (
          <SortableProvider>
            <p id="product-drag-hint" className="small text-secondary mb-2">
              {uzCatalog.dragHint}
            </p>
            <SortableProductList reorder={reorder} {...rowActions} />
            {showPager && (
              <PageButtons page={page} pages={pages} onGo={(n) => list.send({ type: 'page.go', page: n })} />
            )}
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
          question={uz.productDeleteConfirm}
          what={(n) => uz.productDeleteWhat(deleteTarget?.name ?? '', n)}
        />
      </ConfirmDialog>
      <ProductDialog actor={dialog} />
    </section>
  );
}

/** A new list (machine) for each category the route names. */
export function KeyedProductListScreen({ variant }: { variant: 'admin' | 'manager' }) {
  const { category_id: categoryId, id } = useParams();
  return <ProductListScreen key={`${categoryId}/${id ?? ''}`} variant={variant} />;
}

/** /admin/viewProduct/{category_id}/{id}. */
export const AdminProductListScreen = () => <KeyedProductListScreen variant="admin" />;
/** /ManagerProductTable/{category_id}. */
export const ManagerProductListScreen = () => <KeyedProductListScreen variant="manager" />;
