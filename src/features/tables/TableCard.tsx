import { Badge, Button, Card, Form } from 'react-bootstrap';
import type { Table } from '../../../client/tables';
import { uz } from '../../../lib/uz';
import { uzOrdering } from '../../../lib/uz-ordering';
import { Icon } from '../../components/Icon';
import { CopyLink } from './CopyLink';
import { tableUrls } from './tableUrls';

interface TableCardProps {
  table: Table;
  slug: string;
  /** The staff's print pass: the QR image and the card carry the table's token. */
  printPass: string;
  /** Whether a switch can be pressed now (one switch call at a time), and whether this table's call runs. */
  canToggle: boolean;
  toggling: boolean;
  canDelete: boolean;
  canRenew: boolean;
  onToggle: () => void;
  onRenew: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/**
 * One table: its name and on/off switch, its QR code, the link it opens (copyable), its card, a new QR code, rename
 * and delete (a POS table: a "Kassa" badge, and neither rename nor delete).
 */
export function TableCard({
  table,
  slug,
  printPass,
  canToggle,
  toggling,
  canDelete,
  canRenew,
  onToggle,
  onRenew,
  onRename,
  onDelete,
}: TableCardProps) {
  const title = uzOrdering.tableTitle(table.name);
  // The POS owns a POS table's name and existence (the API answers 409): no rename or delete is offered.
  const pos = table.source === 'pos';
  return (
    <Card className="table-card shadow-sm h-100" data-testid={`table-${table.name}`} data-active={table.is_active}>
      <Card.Body>
        <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
          <Card.Title as="h2" className="h5 mb-0 text-break">
            {title}
            {pos && (
              <Badge bg="info" text="dark" className="ms-2 align-middle" title={uzOrdering.tablePosHelp}>
                {uzOrdering.tablePosBadge}
              </Badge>
            )}
            {!table.is_active && (
              <Badge bg="secondary" className="ms-2 align-middle">
                {uz.inactive}
              </Badge>
            )}
          </Card.Title>
          <Form.Check
            type="switch"
            role="switch"
            id={`table-active-${table._id}`}
            className="flex-shrink-0 mb-0"
            label={uz.active}
            aria-label={uzOrdering.tableActiveSwitch(table.name)}
            checked={table.is_active}
            disabled={!canToggle}
            aria-busy={toggling}
            onChange={onToggle}
          />
        </div>
        {/* An inactive table's code and card answer the 404 page (server/menu): none is offered to print. */}
        {table.is_active ? (
          <div className="d-flex gap-3 align-items-start">
            <img
              src={tableUrls.qrSvg(slug, table._id, printPass)}
              alt={uzOrdering.tableQrAlt(table.name)}
              width={112}
              height={112}
              loading="lazy"
              className="border rounded bg-white flex-shrink-0"
            />
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <CopyLink
                label={uzOrdering.tableLink}
                url={tableUrls.menuLink(window.location.origin, slug, table.token)}
              />
            </div>
          </div>
        ) : (
          <p className="small text-secondary mb-0">{uzOrdering.tableInactiveNote}</p>
        )}
        <div className="d-flex flex-wrap gap-2 mt-2">
          {/* A link (it opens the card's page), styled as a button: Bootstrap's Button would announce it as one. */}
          {table.is_active && (
            <a
              href={tableUrls.card(slug, table._id, printPass)}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-primary btn-sm flex-fill"
              aria-label={`${uzOrdering.printCard}: ${title}`}
            >
              {uzOrdering.printCard}
            </a>
          )}
          <Button
            variant="outline-warning"
            size="sm"
            onClick={onRenew}
            disabled={!canRenew}
            aria-label={uzOrdering.tokenRenewFor(table.name)}
          >
            {uzOrdering.tokenRenew}
          </Button>
          {!pos && (
            <>
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={onRename}
                aria-label={uzOrdering.tableRename(table.name)}
              >
                <Icon name="pencil" />
              </Button>
              <Button
                variant="outline-danger"
                size="sm"
                onClick={onDelete}
                disabled={!canDelete}
                aria-label={uzOrdering.tableDelete(table.name)}
              >
                <Icon name="trash" />
              </Button>
            </>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
