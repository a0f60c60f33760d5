import { minifyCss } from '../../menu/html';

/**
 * The simulators' style sheet (a file: their pages' CSP allows no inline style). Made for a phone (390 px) first, as
 * the providers' checkouts are; `.payme` and `.click` give each its colours.
 */
export const PAYMENTS_PAGE_CSS = minifyCss(`
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733;background:#eef2f5}
body.payme{--brand:#00a3a3;--brand-dark:#007f80;--tint:#e3f6f6}
body.click{--brand:#0a6cff;--brand-dark:#0050c8;--tint:#e5efff}
.top{background:var(--brand);color:#fff;padding:12px 16px}
.top .wrap{display:flex;align-items:center;gap:10px}
.logo{font-weight:800;font-size:22px;letter-spacing:.5px}
.demo{font-size:12px;background:rgba(255,255,255,.22);border-radius:10px;padding:2px 8px}
.wrap{max-width:480px;margin:0 auto}
main.wrap{padding:16px}
.card{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:16px;margin-bottom:14px}
.card h1{font-size:18px;margin:0 0 4px}
.card h2{font-size:16px;margin:0 0 8px}
.muted{color:#66727f;font-size:14px;margin:0}
.amount{font-size:28px;font-weight:700;margin:10px 0 2px;white-space:nowrap}
.price{white-space:nowrap}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:10px 0 0;font-size:14px}
dt{color:#66727f}
dd{margin:0;overflow-wrap:anywhere}
.cardno{font-family:ui-monospace,Menlo,Consolas,monospace;background:var(--tint);border-radius:10px;padding:10px 12px;margin:12px 0 0;letter-spacing:1px}
.actions{display:grid;gap:10px}
button,.button{display:block;width:100%;min-height:48px;border-radius:12px;border:0;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none;padding:12px}
.primary{background:var(--brand);color:#fff}
.primary:hover{background:var(--brand-dark)}
.secondary{background:#fff;color:var(--brand-dark);border:2px solid var(--brand)}
.danger{background:#fff;color:#b3261e;border:2px solid #e0a09b}
.small{min-height:38px;padding:6px 10px;font-size:14px;width:auto;display:inline-block}
.error{border-left:4px solid #b3261e}
.error .code{font-family:ui-monospace,Menlo,Consolas,monospace;color:#b3261e;font-weight:700}
.ok{border-left:4px solid #1e8e3e}
ul.list{list-style:none;margin:0;padding:0;display:grid;gap:10px}
ul.list li{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:12px}
.row{display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap}
.state{font-size:13px;border-radius:8px;padding:2px 8px;background:#eceff1}
.state.s2{background:#e6f4ea;color:#1e6b34}
.state.s-1,.state.s-2{background:#fdecea;color:#8c1d18}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #e4e7ea;vertical-align:top}
td.n,th.n{text-align:right;white-space:nowrap}
tr.bad td{background:#fdecea}
.summary{font-weight:700}
.hint{font-size:13px;color:#66727f;margin:12px 0 0}
.hint button:not(.small),.hint .button{font-size:16px}
`);
