import { useSelector } from '@xstate/react';
import { Badge, Button, Card } from 'react-bootstrap';
import type { ActorRefFrom } from 'xstate';
import type { OptionRow } from '../../../client/options';
import type { MenuLanguage } from '../../../client/types';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import type { optionMachine } from '../../../machines/options/option.machine';
import {
  selectChoicesNote,
  selectIsExpanded,
  selectOption,
  selectOptionConfirmDelete,
  selectOptionConfirming,
  selectRowRefs,
  selectRowsFailed,
  selectRowsLoading,
} from '../../../machines/options/options.selectors';
import { TRANSLATED_FIELDS } from '../../../machines/shared/translations.rules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { Icon } from '../../components/Icon';
import { MissingTranslations } from '../../components/MissingTranslations';
import { useDeleting } from '../../components/useDeleting';
import { OptionRows } from './OptionRows';

interface OptionCardProps {
  actor: ActorRefFrom<typeof optionMachine>;
  /** The menu's languages: badges name those the option's and its rows' names lack. */
  languages: readonly MenuLanguage[];
  onEdit: (option: { _id: string; name: string }) => void;
  onAddRow: (optionId: string) => void;
  onEditRow: (row: OptionRow) => void;
}

/** Spec 2.10: an expandable option card with edit and delete; inside, its rows and 'Qator qo'shish'. */
export function OptionCard({ actor, languages, onEdit, onAddRow, onEditRow }: OptionCardProps) {
  const option = useSelector(actor, selectOption);
  const choices = useSelector(actor, selectChoicesNote, (a, b) => a?.text === b?.text && a?.title === b?.title);
  const expanded = useSelector(actor, selectIsExpanded);
  const rowCount = useSelector(actor, (s) => selectRowRefs(s).length);
  // Not counted while the rows are still loading: the question then says 'barcha' (all) rather than a wrong 0.
  const rowsLoading = useSelector(actor, (s) => selectRowsLoading(s) || selectRowsFailed(s));
  const confirming = useSelector(actor, selectOptionConfirming);
  const deleting = useDeleting(useSelector(actor, selectOptionConfirmDelete));
  const bodyId = `option-body-${option._id}`;
  return (
    <Card className="option-card mb-2" data-testid={`option-${option._id}`} data-name={option.name}>
      <Card.Header className="d-flex align-items-center gap-2">
        <Button
          variant="link"
          className="option-toggle flex-grow-1 text-start text-decoration-none p-0"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => actor.send({ type: 'option.toggle' })}
        >
          <span className="fw-semibold">{option.name}</span>
          {option.required && (
            <>
              {' '}
              <Badge bg="primary" className="align-text-bottom">
                {uzCatalog.optionRequiredBadge}
              </Badge>
            </>
          )}
          {choices && (
            <>
              {' '}
              <Badge bg="light" text="secondary" className="align-text-bottom border fw-normal" title={choices.title}>
                {choices.text}
              </Badge>
            </>
          )}
          <MissingTranslations languages={languages} item={option} fields={TRANSLATED_FIELDS.option} />{' '}
          <span className="small text-secondary">({uzCatalog.rowsCount(rowCount)})</span>
          <span className="visually-hidden">{expanded ? uzCatalog.collapse : uzCatalog.expand}</span>
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => onEdit(option)}
          title={uz.actionEdit}
          aria-label={`${uz.actionEdit}: ${option.name}`}
        >
          <Icon name="pencil" />
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={() => actor.send({ type: 'option.delete' })}
          title={uz.actionDelete}
          aria-label={`${uz.actionDelete}: ${option.name}`}
        >
          <Icon name="trash" />
        </Button>
      </Card.Header>
      {expanded && (
        <Card.Body id={bodyId}>
          <OptionRows option={actor} languages={languages} onEditRow={onEditRow} />
          <Button size="sm" variant="outline-primary" onClick={() => onAddRow(option._id)}>
            <Icon name="plus" /> {uz.addRow}
          </Button>
        </Card.Body>
      )}
      <ConfirmDialog
        show={confirming}
        title={uz.confirmDeleteTitle}
        busy={deleting}
        onConfirm={() => actor.send({ type: 'confirm.yes' })}
        onCancel={() => actor.send({ type: 'confirm.no' })}
      >
        <DeleteQuestion
          question={uz.optionDeleteConfirm}
          what={uz.optionDeleteWhat(option.name, rowsLoading ? null : rowCount)}
        />
      </ConfirmDialog>
    </Card>
  );
}
