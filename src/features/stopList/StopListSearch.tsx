import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { ClearGlyph, SearchGlyph } from './icons';

interface StopListSearchProps {
  query: string;
  onSearch: (query: string) => void;
  onClear: () => void;
}

/** The search box ('Mahsulot qidirish...') with a clear button while it holds text. */
export function StopListSearch({ query, onSearch, onClear }: StopListSearchProps) {
  return (
    <div className="stop-search">
      <span className="stop-search-icon">
        <SearchGlyph />
      </span>
      <input
        type="text"
        className="form-control stop-search-input"
        placeholder={uz.stopListSearch}
        aria-label={uz.stopListSearch}
        value={query}
        onChange={(event) => onSearch(event.target.value)}
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      {query !== '' && (
        <button
          type="button"
          className="stop-search-clear"
          aria-label={uzCatalog.stopListClearSearch}
          onClick={onClear}
        >
          <ClearGlyph />
        </button>
      )}
    </div>
  );
}
