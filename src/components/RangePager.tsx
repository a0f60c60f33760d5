import { Button } from 'react-bootstrap';
import { uz } from '../../lib/uz';

interface RangePagerProps {
  /** The rows shown and how many match in all: "11–20 / jami 23". */
  range: { first: number; last: number; total: number };
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
}

/** Previous / next over a list the server pages, with which rows of how many are shown. */
export function RangePager({ range, canPrev, canNext, onPrev, onNext }: RangePagerProps) {
  return (
    <nav className="d-flex align-items-center justify-content-center gap-3 my-3" aria-label={uz.listPages}>
      <Button variant="outline-secondary" size="sm" onClick={onPrev} disabled={!canPrev}>
        ‹ {uz.previous}
      </Button>
      <span aria-live="polite" data-testid="list-range">
        {uz.listRange(range.first, range.last, range.total)}
      </span>
      <Button variant="outline-secondary" size="sm" onClick={onNext} disabled={!canNext}>
        {uz.next} ›
      </Button>
    </nav>
  );
}
