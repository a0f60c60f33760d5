import { useSelector } from '@xstate/react';
import { Badge, Table } from 'react-bootstrap';
import type { Category } from '../../../client/categories';
import { uz } from '../../../lib/uz';
import type { OrderingRef } from '../../../machines/categories/categoryList.selectors';
import { inOrder } from '../../../machines/ordering/ordering.rules';
import { selectOrderIds } from '../../../machines/ordering/ordering.selectors';
import { paths } from '../../app/paths';
import { EditDeleteButtons, IconLink } from '../../components/IconActions';

interface TableProps {
  restaurantId: string;
  categories: Category[];
  ordering: OrderingRef | undefined;
  canDelete: boolean;
  onEdit: (category: Category) => void;
  onDelete: (id: string) => void;
}

/** Spec 2.8, admin: the restaurant's categories with view products / edit / delete. */
export function CategoryTable({ restaurantId, categories, ordering, canDelete, onEdit, onDelete }: TableProps) {
  const ids = useSelector(ordering, selectOrderIds);
  return (
    <Table hover className="stack-table align-middle" aria-label={uz.categories}>
      <thead>
        <tr>
          <th scope="col">{uz.colIndex}</th>
          <th scope="col">{uz.colName}</th>
          <th scope="col">{uz.colStatus}</th>
          <th scope="col">{uz.colActions}</th>
        </tr>
      </thead>
      <tbody>
        {inOrder(categories, ids).map((category, i) => (
          <tr key={category._id} data-testid={`category-row-${category._id}`} data-title={category.title}>
            <td data-label={uz.colIndex} className="cell-index">
              {i + 1}
            </td>
            <td
              data-label={uz.colName}
              className={`fw-semibold ${category.is_active ? 'text-success' : 'text-danger'}`}
            >
              {category.title}
            </td>
            <td data-label={uz.colStatus}>
              <Badge bg={category.is_active ? 'success' : 'danger'}>
                {category.is_active ? uz.active : uz.categoryInactive}
              </Badge>
            </td>
            <td data-label={uz.colActions}>
              <div className="row-actions">
                <IconLink
                  to={paths.adminViewProduct(category._id, restaurantId)}
                  icon="eye"
                  action={uz.products}
                  subject={category.title}
                />
                <EditDeleteButtons
                  subject={category.title}
                  onEdit={() => onEdit(category)}
                  onDelete={() => onDelete(category._id)}
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
