import { Pagination } from 'react-bootstrap';
import { uzCatalog } from '../../../lib/uz-catalog';

/** Spec 2.9: pagination buttons numbered by page (shown when there are more than 10 products). */
export function PageButtons({ page, pages, onGo }: { page: number; pages: number; onGo: (page: number) => void }) {
  return (
    <Pagination className="justify-content-center my-3" aria-label="pagination">
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        <Pagination.Item key={n} active={n === page} onClick={() => onGo(n)} aria-label={uzCatalog.pageButton(n)}>
          {n}
        </Pagination.Item>
      ))}
    </Pagination>
  );
}
