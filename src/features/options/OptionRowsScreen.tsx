import './options.css';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { provideOptionsNotify } from '../../../machines/options/options.provide';
import { Icon } from '../../components/Icon';
import { useNotify } from '../../components/Toasts';
import { useMenuLanguages } from '../../components/useMenuLanguages';
import { RowDialog } from './OptionDialogs';
import { OptionRows } from './OptionRows';
import { useOptionDialogs } from './useOptionDialogs';

/**
 * Spec 2.1 / 2.2: /product-option-row/{id} and /admin/product-option-row/{id}, the rows of one option (GET
 * /manager/product-option-row/{id}): the option card's machine, opened and loading its rows.
 */
function OptionRowsScreen({ optionId }: { optionId: string }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [logic] = useState(() => provideOptionsNotify(notify).option);
  const option = useActorRef(logic, {
    input: { option: { _id: optionId, name: '', product_id: '' }, expanded: true },
  });
  const languages = useMenuLanguages();
  const { rowDialog } = useOptionDialogs({
    productId: '',
    selectedOption: () => optionId,
    onOptionSaved: () => {},
    onRowSaved: (row) => option.send({ type: 'row.saved', row }),
  });
  return (
    <section className="screen">
      <header className="screen-header">
        <div className="d-flex align-items-center gap-2">
          <Button size="sm" variant="outline-secondary" aria-label={uz.back} onClick={() => navigate(-1)}>
            <Icon name="back" />
          </Button>
          <h1 className="h3 mb-0">{uzCatalog.rowsTitle}</h1>
        </div>
        <Button onClick={() => rowDialog.send({ type: 'dialog.open', languages })}>
          <Icon name="plus" /> {uz.addRow}
        </Button>
      </header>
      <OptionRows
        option={option}
        languages={languages}
        onEditRow={(row) => rowDialog.send({ type: 'dialog.open', item: row, languages })}
      />
      <RowDialog actor={rowDialog} options={[{ value: optionId, label: uzCatalog.fieldOption }]} />
    </section>
  );
}

export function ProductOptionRowScreen() {
  const { id = '' } = useParams();
  return <OptionRowsScreen key={id} optionId={id} />;
}
