import { Badge, Table } from 'react-bootstrap';
import type { Product } from '../../../client/products';
import { formatPrice } from '../../../lib/format';
import { uz } from '../../../lib/uz';
import { shortDescription } from '../../../machines/products/productList.selectors';
import { paths } from '../../app/paths';
import { EditDeleteButtons, IconLink } from '../../components/IconActions';

interface ProductTableProps {
  rows: Array<{ product: Product; index: number }>;
  canDelete: boolean;
  onEdit: (product: Product) => void;
  onDelete: (id: string) => void;
}

/** Spec 2.9, admin: the product table with details, options, edit and delete; descriptions cut to 4 words. */
export function ProductTable({ rows, canDelete, onEdit, onDelete }: ProductTableProps) {
  return (
    <Table hover className="stack-table align-middle" aria-label={uz.products}>
      <thead>
        <tr>
          <th scope="col">{uz.colIndex}</th>
          <th scope="col">{uz.colName}</th>
          <th scope="col">{uz.price}</th>
          <th scope="col">{uz.fieldDescription}</th>
          <th scope="col">{uz.colStatus}</th>
          <th scope="col">{uz.colActions}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ product: p, index }) => (
          <tr key={p._id} data-testid={`product-row-${p._id}`} data-name={p.name}>
            <td data-label={uz.colIndex} className="cell-index">
              {index}
            </td>
            <td data-label={uz.colName} className="fw-semibold">
              {p.name}
            </td>
            <td data-label={uz.price} className="text-nowrap">
              {formatPrice(p.price)}
            </td>
            <td data-label={uz.fieldDescription} title={p.description}>
              {shortDescription(p.description)}
            </td>
            <td data-label={uz.colStatus}>
              <Badge bg={p.is_active ? 'success' : 'danger'}>{p.is_active ? uz.active : uz.productInactive}</Badge>
            </td>
            <td data-label={uz.colActions}>
              <div className="row-actions">
                <IconLink
                  to={paths.adminProductDetail(p._id, p.category_id)}
                  icon="eye"
                  action={uz.actionDetails}
                  subject={p.name}
                />
                <IconLink to={paths.adminProductOption(p._id)} icon="list" action={uz.actionOptions} subject={p.name} />
                <EditDeleteButtons
                  subject={p.name}
                  onEdit={() => onEdit(p)}
                  onDelete={() => onDelete(p._id)}
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
