import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import { uz } from '../../lib/uz';
import type { IconName } from './Icon';
import { EditDeleteButtons, IconLink } from './IconActions';

/** One column of a ListTable: its header, its cell, and (optionally) the cell's class and tooltip. */
export interface ListColumn<T> {
  label: string;
  cell: (item: T) => ReactNode;
  className?: (item: T) => string | undefined;
  title?: (item: T) => string | undefined;
}

export interface ListTableProps<T extends { _id: string }> {
  /** The table's accessible name. */
  label: string;
  /** The rows, each with the number shown in the № column. */
  rows: Array<{ item: T; index: number }>;
  columns: Array<ListColumn<T>>;
  /** What a row's buttons name (“Tahrirlash: K1”), and its row attributes (data-testid, data-title…). */
  subject: (item: T) => string;
  rowProps: (item: T) => Record<`data-${string}`, string>;
  /** The row's links before edit and delete (view products, details, options…). */
  links: (item: T) => Array<{ to: string; icon: IconName; action: string }>;
  canDelete: boolean;
  onEdit: (item: T) => void;
  onDelete: (id: string) => void;
}

/**
 * The admin's list table (categories of a restaurant, products of a category): №, the list's own columns, and the
 * row actions (links, edit, delete). On a phone `stack-table` stacks each row under its `data-label`s.
 */
export function ListTable<T extends { _id: string }>({
  label,
  rows,
  columns,
  subject,
  rowProps,
  links,
  canDelete,
  onEdit,
  onDelete,
}: ListTableProps<T>) {
  return (
    <Table hover className="stack-table align-middle" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{uz.colIndex}</th>
          {columns.map((column) => (
            <th scope="col" key={column.label}>
              {column.label}
            </th>
          ))}
          <th scope="col">{uz.colActions}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ item, index }) => (
          <tr key={item._id} {...rowProps(item)}>
            <td data-label={uz.colIndex} className="cell-index">
              {index}
            </td>
            {columns.map((column) => (
              <td
                key={column.label}
                data-label={column.label}
                className={column.className?.(item)}
                title={column.title?.(item)}
              >
                {column.cell(item)}
              </td>
            ))}
            <td data-label={uz.colActions}>
              <div className="row-actions">
                {links(item).map((link) => (
                  <IconLink key={link.action} {...link} subject={subject(item)} />
                ))}
                <EditDeleteButtons
                  subject={subject(item)}
                  onEdit={() => onEdit(item)}
                  onDelete={() => onDelete(item._id)}
                  canDelete={canDelete}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
