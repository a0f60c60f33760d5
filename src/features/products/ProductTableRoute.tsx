import { useSelector } from '@xstate/react';
import { selectRole } from '../../../machines/auth/auth.selectors';
import { useAuth } from '../../app/AuthProvider';
import { KeyedProductListScreen } from './ProductListScreen';

/** /ProductTable/{category_id} (spec 2.1 / 2.2): the role's own product list of the category. */
export function ProductTableRoute() {
  const role = useSelector(useAuth(), selectRole);
  return <KeyedProductListScreen variant={role === 'manager' ? 'manager' : 'admin'} />;
}
