import { useSelector } from '@xstate/react';
import { Button } from 'react-bootstrap';
import type { ActorRefFrom } from 'xstate';
import type { OptionRow } from '../../../client/options';
import type { MenuLanguage } from '../../../client/types';
import { formatAddition } from '../../../lib/format';
import { uz } from '../../../lib/uz';
import {
  selectRow,
  selectRowCanDelete,
  selectRowConfirmDelete,
  selectRowConfirming,
} from '../../../machines/options/options.selectors';
import type { rowMachine } from '../../../machines/options/row.machine';
import { TRANSLATED_FIELDS } from '../../../machines/shared/translations.rules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { Icon } from '../../components/Icon';
import { MissingTranslations } from '../../components/MissingTranslations';
import { useDeleting } from '../../components/useDeleting';

/**
 * One numbered row: name and 'Narxi' in so'm rounded down (spec 9), written as what it adds to the product's price
 * ('+12 000 so'm'), edit and delete ('Bu qatorni…').
 */
export function RowItem({
  actor,
  number,
  languages,
  onEdit,
}: {
  actor: ActorRefFrom<typeof rowMachine>;
  number: number;
  languages: readonly MenuLanguage[];
  onEdit: (row: OptionRow) => void;
}) {
  const row = useSelector(actor, selectRow);
  const confirming = useSelector(actor, selectRowConfirming);
  const deleting = useDeleting(useSelector(actor, selectRowConfirmDelete));
  const canDelete = useSelector(actor, selectRowCanDelete);
  return (
    <li className="option-row" data-testid={`row-${row._id}`} data-name={row.name}>
      <span className="option-row-number">{number}.</span>
      <span className="option-row-name">
        {row.name}
        <MissingTranslations languages={languages} item={row} fields={TRANSLATED_FIELDS.row} />
      </span>
      <span className="option-row-price">
        <span className="text-secondary">{uz.price}: </span>
        <span className="text-nowrap">{formatAddition(row.price)}</span>
      </span>
      <span className="row-actions">
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => onEdit(row)}
          title={uz.actionEdit}
          aria-label={`${uz.actionEdit}: ${row.name}`}
        >
          <Icon name="pencil" />
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          disabled={!canDelete}
          onClick={() => actor.send({ type: 'row.delete' })}
          title={uz.actionDelete}
          aria-label={`${uz.actionDelete}: ${row.name}`}
        >
          <Icon name="trash" />
        </Button>
      </span>
      <ConfirmDialog
        show={confirming}
        title={uz.confirmDeleteTitle}
        busy={deleting}
        onConfirm={() => actor.send({ type: 'confirm.yes' })}
        onCancel={() => actor.send({ type: 'confirm.no' })}
      >
        <DeleteQuestion question={uz.rowDeleteConfirm} what={uz.rowDeleteWhat(row.name)} />
      </ConfirmDialog>
    </li>
  );
}
