import { Type } from 'typebox';
import { Id, VisibleText } from './common';
import { Table } from './table-orders';

/** Request bodies of `/manager/tables`; the answer shape `Table` is shared in table-orders.ts. */

export const TABLE_NAME_MAX = 40;
/** The most tables one bulk create makes ("1".."100"): more is a typing slip, not a restaurant. */
export const BULK_TABLES_MAX = 100;

const TableName = VisibleText({
  minLength: 1,
  maxLength: TABLE_NAME_MAX,
  description: `Printed on the table's card; trimmed, 1-${TABLE_NAME_MAX} characters, unique per restaurant whatever the case`,
});

export const TableAnswer = Type.Object({ data: Table });
export const TablesAnswer = Type.Object({ data: Type.Array(Table, { description: 'In creation order' }) });
export const PrintPass = Type.Object(
  {
    pass: Type.String({ description: 'Add as `pass=` to the QR, card and card-sheet URLs of this restaurant' }),
    expires_at: Type.String({ format: 'date-time', description: 'When it stops opening them' }),
  },
  { description: "Opens the pages and images that show this restaurant's table codes, for about an hour" },
);
export const TableListAnswer = Type.Object({
  data: Type.Array(Table, { description: 'In creation order' }),
  print_pass: PrintPass,
});

export const TablesQuery = Type.Object({ restaurant_id: Id }, { additionalProperties: false });

export const CreateTableBody = Type.Object({ restaurant_id: Id, name: TableName }, { additionalProperties: false });

export const UpdateTableBody = Type.Object(
  {
    name: Type.Optional(TableName),
    is_active: Type.Optional(Type.Boolean({ description: 'An inactive table takes no orders and prints no card' })),
  },
  { additionalProperties: false, minProperties: 1, description: 'Only the sent fields change' },
);

const TableNumber = Type.Integer({ minimum: 1, maximum: 1000, description: 'A whole number, 1-1000' });
export const BulkTablesBody = Type.Object(
  {
    restaurant_id: Id,
    from: TableNumber,
    to: Type.Integer({
      minimum: 1,
      maximum: 1000,
      description: `A whole number, not below from; at most ${BULK_TABLES_MAX} tables at once`,
    }),
  },
  { additionalProperties: false },
);
