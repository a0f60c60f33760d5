import './products.css';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { assetUrl } from '../../../client/client';
import type { MenuLanguage } from '../../../client/types';
import { formatPrice } from '../../../lib/format';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { selectRole } from '../../../machines/auth/auth.selectors';
import { managerProductDetailActors, productDetailMachine } from '../../../machines/products/productDetail.machine';
import {
  selectCanDelete,
  selectConfirmDelete,
  selectIsConfirming,
  selectIsLoading,
  selectLoadFailed,
  selectOptionChoices,
  selectProduct,
} from '../../../machines/products/productDetail.selectors';
import { productDialogMachine, productDialogScope } from '../../../machines/products/productDialog.machine';
import { productFormConfig } from '../../../machines/products/productForm.rules';
import { adminRestaurantLanguagesActor } from '../../../machines/shared/languages.actors';
import { DEFAULT_LANGUAGES } from '../../../machines/shared/translations.rules';
import { useAuth } from '../../app/AuthProvider';
import { paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';
import { useNotify } from '../../components/Toasts';
import { useDeleting } from '../../components/useDeleting';
import { useMenuLanguages } from '../../components/useMenuLanguages';
import { ProductDialog } from './ProductDialog';
import { ProductFactsRows } from './ProductFacts';
import { ProductOptionChoices } from './ProductOptionChoices';
import { withRestaurant } from './restaurantLink';

/** An admin's page: the languages of the restaurant its link names (GET /admin/restaurants?id=), Uzbek until known. */
function useAdminMenuLanguages(restaurantId: string | null): readonly MenuLanguage[] {
  const actor = useActorRef(adminRestaurantLanguagesActor, { input: { restaurantId } }, { error: () => {} });
  return useSelector(actor, (s) => (s.status === 'done' ? s.output : DEFAULT_LANGUAGES));
}

/**
 * Spec 2.9: the product detail page (/product-detail/{ProductId}/{category id}, /admin/product-detail/…): pictures,
 * name, price, status, description and its options with their rows; edit (the product form) and delete.
 */
function ProductDetail() {
  const { ProductId: productId = '', id: categoryId = '' } = useParams();
  const role = useSelector(useAuth(), selectRole) ?? 'manager';
  // The product form's language tabs: a manager's working restaurant's languages; an admin's, those of the
  // restaurant the link names (`?restaurant=`; without it Uzbek alone).
  const [search] = useSearchParams();
  const restaurantId = role === 'admin' ? search.get('restaurant') : null;
  const managerLanguages = useMenuLanguages();
  const adminLanguages = useAdminMenuLanguages(restaurantId);
  const languages = role === 'admin' ? adminLanguages : managerLanguages;
  const navigate = useNavigate();
  const notify = useNotify();
  const listPath = (category: string) =>
    role === 'manager' ? paths.managerProductTable(category) : paths.productTable(category);
  const [logic] = useState(() =>
    productDetailMachine.provide({
      actors: role === 'manager' ? managerProductDetailActors : {},
      actions: {
        notify: (_, notice) => notify(notice),
        goToList: (_, { categoryId: category }) => navigate(listPath(category || categoryId), { replace: true }),
      },
    }),
  );
  const detail = useActorRef(logic, { input: { productId, categoryId } });
  const [config] = useState(() => productFormConfig(categoryId));
  const dialog = useDialogActor(
    productDialogMachine,
    config,
    () => detail.send({ type: 'product.reload' }),
    productDialogScope(role, null),
  );

  const loading = useSelector(detail, selectIsLoading);
  const failed = useSelector(detail, selectLoadFailed);
  const product = useSelector(detail, selectProduct);
  const choices = useSelector(detail, selectOptionChoices);
  const confirming = useSelector(detail, selectIsConfirming);
  const deleting = useDeleting(useSelector(detail, selectConfirmDelete));
  const canDelete = useSelector(detail, selectCanDelete);
  const optionsPath =
    role === 'manager'
      ? paths.managerProductOptionRow(productId)
      : withRestaurant(paths.adminProductOption(productId), restaurantId);

  return (
    <section className="screen">
      <header className="screen-header">
        <div className="d-flex align-items-center gap-2">
          <Link
            to={listPath(product?.category_id ?? categoryId)}
            className="btn btn-sm btn-outline-secondary"
            aria-label={uz.back}
          >
            <Icon name="back" />
          </Link>
          <h1 className="h3 mb-0">{product?.name ?? uzCatalog.productDetail}</h1>
        </div>
      </header>
      {loading && <Loading />}
      {failed && <LoadError message={uz.productLoadFailed} onRetry={() => detail.send({ type: 'product.retry' })} />}
      {product && (
        <Card className="shadow-sm" data-testid="product-detail">
          <Card.Body>
            {product.images.length > 0 ? (
              <div className="product-detail-images mb-3">
                {product.images.map((image, i) => (
                  <img key={image.file} src={assetUrl(image.file) ?? ''} alt={`${product.name} ${i + 1}`} />
                ))}
              </div>
            ) : (
              <p className="text-secondary">{uzCatalog.noImages}</p>
            )}
            <dl className="product-detail-facts">
              <dt>{uz.price}</dt>
              <dd data-testid="product-price">{formatPrice(product.price)}</dd>
              <dt>{uz.status}</dt>
              <dd>
                <Badge bg={product.is_active ? 'success' : 'danger'}>
                  {product.is_active ? uz.active : uz.productInactive}
                </Badge>
              </dd>
              <dt>{uzCatalog.fieldDescription}</dt>
              <dd className="fw-normal">{product.description || '—'}</dd>
              <ProductFactsRows product={product} />
              <dt>{uzCatalog.options}</dt>
              <dd className="fw-normal">
                <ProductOptionChoices options={choices} />
              </dd>
            </dl>
            <div className="d-flex flex-wrap gap-2">
              <Button
                onClick={() =>
                  dialog.send({
                    type: 'dialog.open',
                    item: product,
                    languages,
                  })
                }
              >
                <Icon name="pencil" /> {uz.actionEdit}
              </Button>
              <Link className="btn btn-outline-primary" to={optionsPath}>
                <Icon name="list" /> {uzCatalog.actionOptions}
              </Link>
              <Button
                variant="outline-danger"
                disabled={!canDelete}
                onClick={() => detail.send({ type: 'product.delete' })}
              >
                <Icon name="trash" /> {uz.actionDelete}
              </Button>
            </div>
          </Card.Body>
        </Card>
      )}
      <ConfirmDialog
        show={confirming}
        title={uz.confirmDeleteTitle}
        busy={deleting}
        onConfirm={() => detail.send({ type: 'confirm.yes' })}
        onCancel={() => detail.send({ type: 'confirm.no' })}
      >
        <DeleteQuestion
          question={uz.productDeleteConfirm}
          what={uz.productDeleteWhat(product?.name ?? '', product?.options.length ?? null)}
        />
      </ConfirmDialog>
      <ProductDialog actor={dialog} />
    </section>
  );
}

/** A new page (machine) for each product the route names. */
export function ProductDetailScreen() {
  const { ProductId, id } = useParams();
  return <ProductDetail key={`${ProductId}/${id}`} />;
}
