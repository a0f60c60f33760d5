/** The two glyphs the stop-list needs beyond the shared Icon set; decorative (buttons carry the names). */

export function SearchGlyph() {
  return (
    <svg className="icon" width="18" height="18" viewBox="0 0 16 16" fill="none" stroke="currentColor" aria-hidden>
      <circle cx="7" cy="7" r="4.5" strokeWidth="1.5" />
      <path d="M10.5 10.5L14 14" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

export function ClearGlyph() {
  return (
    <svg className="icon" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" aria-hidden>
      <path d="M4 4l8 8M12 4l-8 8" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
