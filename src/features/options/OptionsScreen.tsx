import './options.css';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { selectRole } from '../../../machines/auth/auth.selectors';
import { productNameActor } from '../../../machines/options/optionList.actors';
import { provideOptionsNotify } from '../../../machines/options/options.provide';
import { summaryOf } from '../../../machines/options/options.rules';
import {
  selectIsEmpty,
  selectIsLoading,
  selectLanguages,
  selectLoadFailed,
  selectOptionRefs,
} from '../../../machines/options/options.selectors';
import { useAuth } from '../../app/AuthProvider';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';
import { ScreenTitle, useLoadedName } from '../../components/ScreenTitle';
import { useNotify } from '../../components/Toasts';
import { OptionCard } from './OptionCard';
import { OptionDialog, RowDialog } from './OptionDialogs';
import { useOptionDialogs } from './useOptionDialogs';

/**
 * Spec 2.10, Mahsulot Parametrlari of one product (/product-option/{ProductId}, /admin/product-option/{ProductId},
 * /ManagerProductOptionRow/{ProductId}): '+ Option qo'shish', expandable option cards with their numbered rows. The
 * title names the product. The admin's product table links here with `?restaurant=` (the
 * languages of the tabs and badges; without it, Uzbek alone).
 */
function OptionsScreen({ productId, restaurantId }: { productId: string; restaurantId: string | null }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const role = useSelector(useAuth(), selectRole) ?? 'manager';
  const [logic] = useState(() => provideOptionsNotify(notify, role).list);
  // An admin's list reads the languages of the restaurant its link names (`?restaurant=`).
  const list = useActorRef(logic, { input: { productId, restaurantId: role === 'admin' ? restaurantId : null } });
  const productName = useLoadedName(productNameActor, { productId, role });
  const { optionDialog, rowDialog } = useOptionDialogs({
    productId,
    selectedOption: () => list.getSnapshot().context.selectedId,
    onOptionSaved: (option) => list.send({ type: 'option.saved', option: summaryOf(option) }),
    onRowSaved: (row) => list.send({ type: 'row.saved', row }),
  });

  const loading = useSelector(list, selectIsLoading);
  const failed = useSelector(list, selectLoadFailed);
  const empty = useSelector(list, selectIsEmpty);
  const options = useSelector(list, selectOptionRefs);
  const languages = useSelector(list, selectLanguages);
  // The row form's option select: every option's current name.
  const choices = useSelector(
    list,
    (s) =>
      selectOptionRefs(s).map((ref) => ({
        value: ref.getSnapshot().context.option._id,
        label: ref.getSnapshot().context.option.name,
      })),
    (a, b) => a.length === b.length && a.every((x, i) => x.value === b[i]?.value && x.label === b[i]?.label),
  );

  return (
    <section className="screen">
      <header className="screen-header">
        <div className="d-flex align-items-center gap-2">
          <Button size="sm" variant="outline-secondary" aria-label={uz.back} onClick={() => navigate(-1)}>
            <Icon name="back" />
          </Button>
          <ScreenTitle title={uz.optionsTitle} label={uzCatalog.productDetail} name={productName} />
        </div>
        <Button onClick={() => optionDialog.send({ type: 'dialog.open', languages })} disabled={loading || failed}>
          {uz.addOption}
        </Button>
      </header>
      {loading && <Loading />}
      {failed && <LoadError message={uz.optLoadFailed} onRetry={() => list.send({ type: 'options.retry' })} />}
      {empty && (
        <div className="text-center text-secondary py-4">
          <p className="fw-semibold mb-1">{uz.optionsEmpty}</p>
          <p className="small mb-0">{uz.optionsEmptyHint}</p>
        </div>
      )}
      {options.map((option) => (
        <OptionCard
          key={option.id}
          actor={option}
          languages={languages}
          onEdit={(item) => optionDialog.send({ type: 'dialog.open', item, languages })}
          onAddRow={(id) => {
            list.send({ type: 'option.select', id });
            rowDialog.send({ type: 'dialog.open', languages });
          }}
          onEditRow={(row) => rowDialog.send({ type: 'dialog.open', item: row, languages })}
        />
      ))}
      <OptionDialog actor={optionDialog} />
      <RowDialog actor={rowDialog} options={choices} />
    </section>
  );
}

/** A new screen (machine) for each product the route names; /product-option without one says so. */
export function ProductOptionsScreen() {
  const { ProductId } = useParams();
  const [search] = useSearchParams();
  const restaurantId = search.get('restaurant');
  if (!ProductId) {
    return (
      <section className="screen">
        <h1 className="h3">{uz.optionsTitle}</h1>
        <p className="text-secondary">{uzCatalog.noProductSelected}</p>
      </section>
    );
  }
  return <OptionsScreen key={`${ProductId}/${restaurantId ?? ''}`} productId={ProductId} restaurantId={restaurantId} />;
}
