import { Link } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { paths } from '../../app/paths';

/** Spec 2.2: the 404 page, with a link back to /admin. */
export function NotFound() {
  return (
    <div className="text-center py-5 px-3">
      <p className="display-4 fw-bold text-secondary mb-2">404</p>
      <h1 className="h3 mb-4">{uz.notFound}</h1>
      <Link to={paths.admin()} className="btn btn-primary">
        {uz.backToAdmin}
      </Link>
    </div>
  );
}
