import { useSelector } from '@xstate/react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { selectRole } from '../../../machines/auth/auth.selectors';
import { useAuth } from '../../app/AuthProvider';
import { paths } from '../../app/paths';
import { ManagerCategoryListScreen } from './CategoryListScreen';

/**
 * /categoryList and /categoryModal (spec 2.1), which name no restaurant: a manager's is their own, so they get
 * their category list (with the category modal open on /categoryModal); an admin is asked to pick a restaurant.
 */
function CategoryRoute({ openCreate }: { openCreate: boolean }) {
  const role = useSelector(useAuth(), selectRole);
  if (role === 'manager') return <ManagerCategoryListScreen openCreate={openCreate} />;
  return (
    <section className="screen">
      <h1 className="h3">{uz.categories}</h1>
      <Alert variant="info" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{uzCatalog.chooseRestaurantFirst}</span>
        <Link className="btn btn-sm btn-primary" to={paths.adminRestaurants()}>
          {uz.restaurants}
        </Link>
      </Alert>
    </section>
  );
}

export const CategoryListRoute = () => <CategoryRoute openCreate={false} />;
export const CategoryModalRoute = () => <CategoryRoute openCreate />;
