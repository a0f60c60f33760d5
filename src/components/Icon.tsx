/** A few stroke icons drawn inline (no icon font to load); buttons carry the accessible name, icons are hidden. */

const SHAPES = {
  eye: (
    <>
      <path d="M1.5 8s2.5-4.5 6.5-4.5S14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8z" />
      <circle cx="8" cy="8" r="2" />
    </>
  ),
  pencil: (
    <>
      <path d="M11 2.5l2.5 2.5L5.5 13H3v-2.5z" />
      <path d="M9.5 4l2.5 2.5" />
    </>
  ),
  trash: (
    <>
      <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4" />
      <path d="M6.5 6.5v5M9.5 6.5v5" />
    </>
  ),
  sync: (
    <>
      <path d="M13 8a5 5 0 0 1-8.7 3.4M3 8a5 5 0 0 1 8.7-3.4" />
      <path d="M11.7 1.8v2.8H8.9M4.3 14.2v-2.8h2.8" />
    </>
  ),
  external: (
    <>
      <path d="M9 2.5h4.5V7M13.5 2.5L7 9" />
      <path d="M11.5 9.5v4h-9v-9h4" />
    </>
  ),
  list: <path d="M5.5 4h8M5.5 8h8M5.5 12h8M2.5 4h.5M2.5 8h.5M2.5 12h.5" />,
  logout: (
    <>
      <path d="M6 2.5H2.5v11H6" />
      <path d="M10 5l3 3-3 3M13 8H6" />
    </>
  ),
  home: <path d="M2 7.5L8 2.5l6 5M3.5 6.5v7h3.5v-4h2v4h3.5v-7" />,
  key: (
    <>
      <circle cx="5" cy="10.5" r="2.5" />
      <path d="M6.8 8.7L13 2.5M11 4.5l1.8 1.8M9.5 6l1.3 1.3" />
    </>
  ),
  menu: <path d="M2.5 4h11M2.5 8h11M2.5 12h11" />,
  grid: (
    <>
      <rect x="2.5" y="2.5" width="4.5" height="4.5" />
      <rect x="9" y="2.5" width="4.5" height="4.5" />
      <rect x="2.5" y="9" width="4.5" height="4.5" />
      <rect x="9" y="9" width="4.5" height="4.5" />
    </>
  ),
  shop: <path d="M2 6.5l1-4h10l1 4M2 6.5h12M3 6.5v7h10v-7M6.5 13.5v-4h3v4" />,
  person: (
    <>
      <circle cx="8" cy="5" r="2.5" />
      <path d="M3 14c.5-3 2.5-4.5 5-4.5s4.5 1.5 5 4.5" />
    </>
  ),
  people: (
    <>
      <circle cx="6" cy="5.5" r="2.2" />
      <circle cx="11.5" cy="6" r="1.8" />
      <path d="M1.5 13.5c.4-2.6 2.2-4 4.5-4s4.1 1.4 4.5 4M11 9.7c2 0 3.2 1.2 3.5 3.3" />
    </>
  ),
  plus: <path d="M8 3v10M3 8h10" />,
  table: <path d="M2 5.5h12M3.5 5.5v7M12.5 5.5v7M2 5.5l1.5-2.5h9l1.5 2.5" />,
  back: <path d="M10 3L5 8l5 5" />,
  clock: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5V8l2.5 1.5" />
    </>
  ),
} as const;

export type IconName = keyof typeof SHAPES;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[name]}
    </svg>
  );
}
