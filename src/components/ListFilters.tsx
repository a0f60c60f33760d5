import './listFilters.css';
import { useId } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { uz } from '../../lib/uz';
import type { StatusFilter } from '../../machines/shared/listQuery';

export interface FilterChoice<V extends string> {
  value: V;
  label: string;
}

export interface ListFilter<V extends string> {
  label: string;
  value: V;
  choices: Array<FilterChoice<V>>;
  onChange: (value: V) => void;
}

/** The status filter's choices, the same on every admin list. */
export const statusChoices: Array<FilterChoice<StatusFilter>> = [
  { value: 'all', label: uz.filterAll },
  { value: 'active', label: uz.active },
  { value: 'inactive', label: uz.inactive },
];

interface ListFiltersProps {
  /** The search box's label, also its placeholder ("Qidirish: nomi, slug yoki telefon"). */
  searchLabel: string;
  query: string;
  onQuery: (text: string) => void;
  /** Status, type…: each a labelled select. */
  filters: Array<ListFilter<string>>;
  /** A new page is on its way while the old rows stay: said inside the box, so nothing below it moves. */
  busy?: boolean;
}

/**
 * An admin list's search box and filters. Every key is sent to the list's machine, which waits for a
 * pause before it asks the server; a filter asks at once. On a phone the box takes the whole width and the selects
 * share the next line, each 44 px high for a thumb.
 */
export function ListFilters({ searchLabel, query, onQuery, filters, busy = false }: ListFiltersProps) {
  const id = useId();
  return (
    <search className="list-filters">
      <Form.Group className="list-search" controlId={`${id}-q`}>
        <Form.Label visuallyHidden>{searchLabel}</Form.Label>
        <Form.Control
          type="search"
          value={query}
          maxLength={100}
          placeholder={searchLabel}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => onQuery(e.target.value)}
        />
        {busy && (
          <span className="list-busy" role="status">
            <Spinner size="sm" aria-hidden />
            <span className="visually-hidden">{uz.loadingUz}</span>
          </span>
        )}
      </Form.Group>
      {filters.map((filter, i) => (
        <Form.Group key={filter.label} className="list-filter" controlId={`${id}-f${i}`}>
          <Form.Label className="small text-secondary mb-0">{filter.label}</Form.Label>
          <Form.Select value={filter.value} onChange={(e) => filter.onChange(e.target.value)}>
            {filter.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      ))}
    </search>
  );
}
