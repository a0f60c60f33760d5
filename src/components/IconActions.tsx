import { Button } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { uz } from '../../lib/uz';
import { Icon, type IconName } from './Icon';

/**
 * The small icon buttons of every list row: the action shows as a tooltip and is read out with the item's name
 * (`Tahrirlash: Osh`), so each row's buttons have distinct accessible names.
 */
interface IconActionProps {
  icon: IconName;
  /** The action, e.g. uz.actionEdit. */
  action: string;
  /** The item it acts on, e.g. the product's name. */
  subject: string;
}

export function IconLink({ to, icon, action, subject }: IconActionProps & { to: string }) {
  return (
    <Link className="btn btn-sm btn-outline-secondary" to={to} title={action} aria-label={`${action}: ${subject}`}>
      <Icon name={icon} />
    </Link>
  );
}

export function IconButton({
  icon,
  action,
  subject,
  onClick,
  danger = false,
  disabled = false,
}: IconActionProps & { onClick: () => void; danger?: boolean; disabled?: boolean }) {
  return (
    <Button
      size="sm"
      variant={danger ? 'outline-danger' : 'outline-secondary'}
      disabled={disabled}
      onClick={onClick}
      title={action}
      aria-label={`${action}: ${subject}`}
    >
      <Icon name={icon} />
    </Button>
  );
}

/** The edit and delete buttons every row of a category or product list ends with. */
export function EditDeleteButtons({
  subject,
  onEdit,
  onDelete,
  canDelete,
}: {
  subject: string;
  onEdit: () => void;
  onDelete: () => void;
  /** False while a delete runs: one at a time. */
  canDelete: boolean;
}) {
  return (
    <>
      <IconButton icon="pencil" action={uz.actionEdit} subject={subject} onClick={onEdit} />
      <IconButton
        icon="trash"
        action={uz.actionDelete}
        subject={subject}
        onClick={onDelete}
        danger
        disabled={!canDelete}
      />
    </>
  );
}
