import { Button } from 'react-bootstrap';
import { uz } from '../../lib/uz';

interface PagerProps {
  page: number;
  pages: number;
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
}

/** Previous / next paging (spec 2.5: 10 per page on the client). */
export function Pager({ page, pages, canPrev, canNext, onPrev, onNext }: PagerProps) {
  return (
    <nav className="d-flex align-items-center justify-content-center gap-3 my-3" aria-label="pagination">
      <Button variant="outline-secondary" size="sm" onClick={onPrev} disabled={!canPrev}>
        ‹ {uz.previous}
      </Button>
      <span aria-live="polite" data-testid="page-indicator">
        {uz.pageOf(page, pages)}
      </span>
      <Button variant="outline-secondary" size="sm" onClick={onNext} disabled={!canNext}>
        {uz.next} ›
      </Button>
    </nav>
  );
}
