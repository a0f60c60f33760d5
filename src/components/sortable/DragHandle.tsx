import type { KeyboardEvent } from 'react';

interface DragHandleProps {
  label: string;
  handleRef: (node: HTMLButtonElement | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
}

/** The grip a row is dragged by; focusable, ↑ / ↓ move the row (keyboard and screen-reader users, phones). */
export function DragHandle({ label, handleRef, onKeyDown, disabled }: DragHandleProps) {
  return (
    <button
      type="button"
      ref={handleRef}
      className="drag-handle btn btn-sm btn-link text-secondary"
      aria-label={label}
      aria-keyshortcuts="ArrowUp ArrowDown"
      title={label}
      onKeyDown={onKeyDown}
      disabled={disabled}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
        <circle cx="5.5" cy="3.5" r="1.3" />
        <circle cx="10.5" cy="3.5" r="1.3" />
        <circle cx="5.5" cy="8" r="1.3" />
        <circle cx="10.5" cy="8" r="1.3" />
        <circle cx="5.5" cy="12.5" r="1.3" />
        <circle cx="10.5" cy="12.5" r="1.3" />
      </svg>
    </button>
  );
}
