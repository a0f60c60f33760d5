/** Spec 2.7: a restaurant without a cover or logo shows a placeholder (inline SVG: nothing extra to load). */
const svg = (body: string, w: number, h: number) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`,
  )}`;

export const COVER_PLACEHOLDER = svg(
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d1e7dd"/><stop offset="1" stop-color="#a3cfbb"/></linearGradient></defs>' +
    '<rect width="600" height="240" fill="url(#g)"/>' +
    '<g fill="none" stroke="#198754" stroke-width="6" stroke-linecap="round" opacity=".55"><circle cx="300" cy="120" r="46"/><path d="M226 70v100M206 70v30a20 20 0 0 0 40 0V70M374 70c-14 8-20 30-20 50h20v50"/></g>',
  600,
  240,
);

export const LOGO_PLACEHOLDER = svg(
  '<rect width="96" height="96" fill="#f8f9fa"/><g fill="none" stroke="#6c757d" stroke-width="4" stroke-linecap="round"><circle cx="48" cy="48" r="20"/><path d="M24 30v36M74 30c-6 4-8 14-8 20h8v16"/></g>',
  96,
  96,
);
