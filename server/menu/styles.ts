import { minifyCss } from './html';

/**
 * The only CSS the public menu needs, inlined in the page (one request, nothing render-blocking). Mobile first:
 * written for a 390 px phone, centred in a 640 px column on anything wider. `overflow-wrap:anywhere` on the body: a long
 * unbroken word (a URL in a description, a name without spaces) wraps instead of widening the page past the screen
 * (`break-word` would not lower the grid and flex items' minimum width, `anywhere` does); prices keep `nowrap`.
 */
export const THEME_COLOR = '#0b6e69';

/**
 * One chili, drawn once in the CSS (a level repeats it: `.h1`…`.h3`), so a tagged menu of 200 dishes carries no SVG per
 * dish. Written as it is (quoted, `#` as `%23`): browsers take an SVG data URL so, and it is half the escaped size.
 */
const CHILI =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><path fill='%23d1361f' d='M8 5c3-1 5 2 3 6-2 3-6 4-10 4 3-2 4-4 4-7 0-2 1-3 3-3z'/><path d='M8 5q1-3 4-3' stroke='%232f7d32' stroke-width='1.6' fill='none'/></svg>";

const shared = `
:root{--bg:#f5f3ee;--card:#fff;--ink:#1d1b18;--muted:#6d675e;--line:#e8e3da;--acc:${THEME_COLOR};--acc2:#0a4f4c;--warn:#a8321f;--warnbg:#fbe9e5}
@media (prefers-color-scheme:dark){:root{--bg:#141413;--card:#201f1d;--ink:#f1eee8;--muted:#a59f95;--line:#34312d;--acc:#3fb8ae;--acc2:#0a4f4c;--warn:#ff9d8a;--warnbg:#3a211c}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
img{display:block;max-width:100%}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
[hidden]{display:none!important}
`;

export const MENU_CSS = minifyCss(`${shared}
html{scroll-behavior:smooth}
@media (prefers-reduced-motion:reduce){html{scroll-behavior:auto}}
.w{max-width:640px;margin:0 auto}
.ln{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:4px;padding:6px 10px}
.ln a{padding:8px 10px;border-radius:999px;color:var(--ink);font-size:13px;font-weight:500;text-decoration:none}
.ln a[aria-current]{background:var(--card);color:var(--acc);font-weight:700;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.sr{padding-top:12px}
.sr input{width:100%;min-height:44px;padding:10px 14px;border:1px solid var(--line);border-radius:12px;background:var(--card);color:var(--ink);font:inherit;font-size:16px}
.sr input:focus{outline:2px solid var(--acc);outline-offset:1px}
.cv{aspect-ratio:16/7;overflow:hidden;background:radial-gradient(circle at 85% 20%,rgba(255,255,255,.16) 0 60px,transparent 61px),radial-gradient(circle at 10% 90%,rgba(255,255,255,.1) 0 90px,transparent 91px),linear-gradient(135deg,var(--acc),var(--acc2))}
.cv img{width:100%;height:100%;object-fit:cover}
.hd{position:relative;margin:-40px 14px 0;padding:46px 16px 16px;background:var(--card);border-radius:18px;text-align:center;box-shadow:0 8px 28px rgba(0,0,0,.07)}
.lg{position:absolute;left:50%;top:-38px;width:76px;height:76px;margin-left:-38px;border-radius:50%;border:3px solid var(--card);background:var(--card);object-fit:cover;box-shadow:0 2px 8px rgba(0,0,0,.12)}
.lg.in{display:flex;align-items:center;justify-content:center;font-size:30px;font-weight:700;color:#fff;background:var(--acc)}
h1{margin:0 0 10px;font-size:22px;line-height:1.25}
.if{display:grid;gap:6px;margin:0;padding:0;list-style:none;color:var(--muted);font-size:14px}
.if li{display:flex;align-items:center;justify-content:center;gap:6px}
.if svg{flex:none;width:16px;height:16px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.if a{color:var(--acc);font-weight:600;text-decoration:none}
.ct{position:sticky;top:0;z-index:5;display:flex;gap:8px;margin-top:12px;padding:10px 14px;overflow-x:auto;background:var(--bg);scrollbar-width:none;box-shadow:0 6px 12px -10px rgba(0,0,0,.25)}
.ct::-webkit-scrollbar{display:none}
.ct a{flex:none;padding:7px 14px;border:1px solid var(--line);border-radius:999px;background:var(--card);font-size:14px;font-weight:500;text-decoration:none;color:var(--ink);white-space:nowrap}
.ct a[aria-current]{border-color:var(--acc);background:var(--acc);color:#fff}
main{padding:0 14px 20px}
section{padding-top:12px;scroll-margin-top:58px}
h2{margin:8px 2px 10px;font-size:19px}
.p{display:grid;gap:12px;margin-bottom:10px;padding:12px;border-radius:14px;background:var(--card);box-shadow:0 1px 3px rgba(0,0,0,.06)}
.p.i{grid-template-columns:minmax(0,1fr) 96px}
.p[data-s]{cursor:pointer}
.p h3{margin:0 0 3px;font-size:16px;line-height:1.3}
.d{margin:0 0 8px;color:var(--muted);font-size:13.5px}
.pr{font-weight:700;white-space:nowrap}
.ph{width:96px;height:96px;border-radius:12px;object-fit:cover;background:var(--line)}
.st{display:inline-block;margin:4px 0 0;padding:2px 9px;border-radius:999px;background:var(--warnbg);color:var(--warn);font-size:12px;font-weight:600}
.off h3,.off .pr,.off .d{color:var(--muted)}
.off .pr{font-weight:600;text-decoration:line-through}
.off .ph{filter:grayscale(1);opacity:.6}
details{grid-column:1/-1;padding-top:8px;border-top:1px dashed var(--line)}
summary{color:var(--acc);font-size:14px;font-weight:600;cursor:pointer}
.og h4{margin:8px 0 2px;color:var(--muted);font-size:12px;letter-spacing:.04em;text-transform:uppercase}
.og ul{margin:0;padding:0;list-style:none}
.og li{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-bottom:1px solid var(--line);font-size:14px}
.og li:last-child{border:0}
.og b{font-weight:600;white-space:nowrap}
.em{padding:40px 16px;color:var(--muted);text-align:center}
footer{padding:6px 16px 28px;color:var(--muted);font-size:12px;text-align:center}
dialog{width:100%;max-width:640px;max-height:88vh;margin:auto auto 0;padding:0;border:0;border-radius:20px 20px 0 0;background:var(--card);color:var(--ink)}
dialog::backdrop{background:rgba(0,0,0,.5)}
.sx{position:absolute;top:10px;right:10px;z-index:1;width:36px;height:36px;border:0;border-radius:50%;background:rgba(0,0,0,.55);color:#fff;font-size:22px;line-height:1;cursor:pointer}
.sb .p{display:block;margin:0;box-shadow:none;cursor:auto}
.sb .ph{width:calc(100% + 24px);max-width:none;height:auto;margin:-12px -12px 12px;aspect-ratio:4/3;border-radius:0}
.sb h3{font-size:20px}
.sb summary{display:none}
.sb details{padding-top:4px}
`);

/**
 * What only some menus need, appended to MENU_CSS by the page that needs it, so a menu without dish facts, chips or
 * hours sends none of it: the dish facts (tags as small badges under the name, spiciness as chili marks, portion and
 * calories beside the price, allergens under the description)…
 */
export const DISH_FACTS_CSS = minifyCss(`
.tg{display:flex;flex-wrap:wrap;gap:4px;margin:2px 0 6px;padding:0;list-style:none}
.tg li{padding:1px 8px;border-radius:999px;background-color:var(--bg);color:var(--acc);font-size:12px;font-weight:600}
.tg .hot{min-height:18px;padding:0;background:url("data:image/svg+xml,${CHILI}") 0 50%/16px 16px repeat-x}
.h1{width:16px}.h2{width:32px}.h3{width:48px}
.fx{display:inline-block;margin-left:8px;color:var(--muted);font-size:13px}
.al{margin:-4px 0 8px;color:var(--muted);font-size:12.5px}
`);

/** …the filter chips and the line saying what they hide… */
export const FILTER_CSS = minifyCss(`
.fl{display:flex;flex-wrap:wrap;gap:6px;padding-top:12px}
.fl a{display:inline-flex;align-items:center;min-height:34px;padding:4px 12px;border:1px solid var(--line);border-radius:999px;background:var(--card);color:var(--ink);font-size:13.5px;font-weight:600;text-decoration:none}
.fl a[aria-pressed=true]{border-color:var(--acc);background:var(--acc);color:var(--card)}
.fl a:focus-visible,.fs a:focus-visible{outline:3px solid var(--ink);outline-offset:2px}
.fs{margin:8px 2px 0;color:var(--muted);font-size:13.5px}
.fs a{color:var(--acc);font-weight:600}
`);

/** …and a menu that follows the clock: a category says from when under its heading, a dish beside its price, both
 * greyed and without "+"; a closed restaurant says when it opens. */
export const CLOCK_CSS = minifyCss(`
.la h3,.la .pr,.la .d{color:var(--muted)}
.la .ph{filter:grayscale(1);opacity:.6}
.st.lt{background:var(--line);color:var(--ink)}
.sn{display:inline-block;margin:-4px 2px 10px;padding:2px 10px;border-radius:999px;background:var(--line);font-size:13px;font-weight:600}
.cz{margin:12px 0 0;padding:10px 12px;border-radius:12px;background:var(--warnbg);color:var(--warn);font-size:14px;font-weight:600}
`);

export const PLAIN_PAGE_CSS = minifyCss(`${shared}
.nf{max-width:420px;margin:0 auto;padding:72px 24px;text-align:center}
.nf .ic{width:84px;height:84px;margin:0 auto 20px;border-radius:50%;background:var(--card);display:flex;align-items:center;justify-content:center;font-size:40px;box-shadow:0 4px 16px rgba(0,0,0,.08)}
.nf h1{margin:0 0 10px;font-size:22px}
.nf p{margin:0;color:var(--muted)}
`);
