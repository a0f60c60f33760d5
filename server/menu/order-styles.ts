import { minifyCss } from './html';

/**
 * The ordering page's own CSS, appended to the menu's (styles.ts) only on a table's page: the plain page
 * stays byte for byte what it was. Written for a 390 px phone: 44 px touch targets, the cart bar fixed at the bottom
 * (main gets room below so the last dish is not hidden behind it), dialogs as bottom sheets like the product sheet.
 */
export const ORDER_CSS = minifyCss(`
main{padding-bottom:96px}
.tl{display:inline-block;margin:0 0 10px;padding:4px 14px;border-radius:999px;background:var(--acc);color:var(--card);font-weight:700}
.pa{display:flex;align-items:center;justify-content:space-between;gap:10px}
.pa .fx{flex:1;margin:0}
.ad{flex:none;width:44px;height:44px;border:0;border-radius:50%;background:var(--acc);color:#fff;font:700 26px/1 system-ui,sans-serif;cursor:pointer;box-shadow:0 2px 6px rgba(0,0,0,.15)}
.ad:focus-visible,.ob:focus-visible,.cbb:focus-visible,.go:focus-visible,.oa:focus-visible,.qb:focus-visible,.dx:focus-visible,.nb:focus-visible{outline:3px solid var(--ink);outline-offset:2px}
.oc{display:grid;grid-template-columns:1fr 1fr;gap:8px;padding:12px 14px 0}
.ob{min-height:44px;padding:8px 10px;border:1px solid var(--acc);border-radius:12px;background:var(--card);color:var(--acc);font:600 14px/1.25 inherit;cursor:pointer}
.ob:disabled{opacity:.6;cursor:default}
.om{grid-column:1/-1;margin:0;font-size:14px}
.om:empty,.ce:empty{display:none}
.om,.ce{padding:10px 12px;border-radius:12px;background:var(--card);box-shadow:0 1px 3px rgba(0,0,0,.06)}
.ce{color:var(--warn);background:var(--warnbg)}
.cb{position:fixed;left:0;right:0;bottom:0;z-index:6;padding:10px 14px calc(10px + env(safe-area-inset-bottom));background:linear-gradient(transparent,var(--bg) 30%)}
.cbb{display:flex;align-items:center;gap:10px;width:100%;max-width:612px;min-height:52px;margin:0 auto;padding:10px 16px;border:0;border-radius:16px;background:var(--acc);color:#fff;font:600 16px/1.2 inherit;cursor:pointer;box-shadow:0 6px 18px rgba(0,0,0,.25)}
.cbb .cn{padding:2px 9px;border-radius:999px;background:rgba(255,255,255,.2);white-space:nowrap}
.cbb .cv2{margin-left:auto;white-space:nowrap}
.sh2{padding:16px 16px calc(16px + env(safe-area-inset-bottom))}
.dh{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:8px}
.dh h2{margin:0;font-size:19px}
.dx{flex:none;width:44px;height:44px;border:0;border-radius:50%;background:var(--bg);color:var(--ink);font-size:24px;line-height:1;cursor:pointer}
.cl{margin:0;padding:0;list-style:none}
.cl li{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:4px 12px;padding:10px 0;border-bottom:1px solid var(--line)}
.cl .nm{font-weight:600}
.cl .rw{grid-column:1;color:var(--muted);font-size:13px}
.cl .lt{grid-column:2;grid-row:1;font-weight:700;white-space:nowrap}
.qt{grid-column:1/-1;display:flex;align-items:center;gap:6px}
.qt output{min-width:28px;text-align:center;font-weight:700}
.qb{width:44px;height:44px;border:1px solid var(--line);border-radius:12px;background:var(--card);color:var(--ink);font-size:20px;cursor:pointer}
.qb.rm{margin-left:auto;width:auto;padding:0 12px;color:var(--warn);font-size:14px}
.sh2>label{display:block;margin:14px 0 4px;font-weight:600}
.sh2 textarea{width:100%;min-height:64px;padding:10px 12px;border:1px solid var(--line);border-radius:12px;background:var(--card);color:var(--ink);font:inherit;font-size:16px;resize:vertical}
.ce{margin:12px 0 0;font-size:14px}
.cf{display:flex;justify-content:space-between;margin:14px 0 10px;font-size:17px}
.go,.oa,.nb{width:100%;min-height:52px;border:0;border-radius:14px;background:var(--acc);color:#fff;font:700 16px/1.2 inherit;cursor:pointer}
.go:disabled,.oa:disabled{opacity:.6;cursor:default}
fieldset{margin:0 0 12px;padding:0;border:0}
legend{margin-bottom:4px;color:var(--muted);font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase}
.ch{display:flex;align-items:center;gap:10px;min-height:44px;padding:4px 0;border-bottom:1px solid var(--line);font-size:15px;cursor:pointer}
.ch input{width:20px;height:20px;margin:0;accent-color:var(--acc)}
.ch b{margin-left:auto;font-weight:600;white-space:nowrap}
/* An extras group at its maximum: its other boxes are disabled, and look it. */
.ch:has(input:disabled){opacity:.5;cursor:default}
.os{margin-top:12px;padding:16px;border-radius:16px;background:var(--card);box-shadow:0 1px 3px rgba(0,0,0,.06)}
.os:focus{outline:2px solid var(--acc);outline-offset:2px}
.os h2{margin:0 0 2px;font-size:19px}
.os .tb{margin:0 0 10px;color:var(--muted);font-size:14px}
.sp{display:flex;gap:6px;margin:0 0 10px;padding:0;list-style:none}
.sp li{flex:1;padding-top:8px;border-top:4px solid var(--line);color:var(--muted);font-size:13px}
.sp li.on{border-color:var(--acc);color:var(--ink);font-weight:600}
.os .sm{margin:0 0 10px;font-weight:600}
.os.x .sm{color:var(--warn)}
.os ul{margin:0 0 10px;padding:0;list-style:none;font-size:14px}
.os ul li{display:flex;justify-content:space-between;gap:12px;padding:4px 0}
.os ul b{white-space:nowrap}
.nb{margin-top:4px;background:var(--bg);color:var(--acc);border:1px solid var(--acc)}
/* The bill: its button among the calls, its sheet, the panel a payment's provider sends the diner back to. */
.oc .bb{grid-column:1/-1;display:flex;align-items:center;justify-content:space-between;gap:10px;background:var(--acc);color:#fff;font-size:15px}
.bb b{white-space:nowrap}
.bb:focus-visible,.py:focus-visible{outline:3px solid var(--ink);outline-offset:2px}
.cs{margin-bottom:0;color:var(--muted);font-size:15px}
.cf b{white-space:nowrap}
.bm:empty{display:none}
.bm{margin:0 0 8px;color:var(--muted);font-size:14px}
.b1{padding:10px 0;border-bottom:1px solid var(--line)}
.b1 h3{display:flex;align-items:center;justify-content:space-between;gap:8px;margin:0 0 4px;font-size:15px}
.bg{padding:2px 9px;border-radius:999px;background:var(--warnbg);color:var(--warn);font-size:12px;font-weight:600;white-space:nowrap}
.bg.ok{background:var(--bg);color:var(--acc)}
.b1 ul{margin:0;padding:0;list-style:none;font-size:14px}
.b1 li{display:flex;justify-content:space-between;gap:12px;padding:3px 0}
.b1 li b{font-weight:600;white-space:nowrap}
.b1 .sv{color:var(--muted)}
.bt,.bd{margin:10px 0;padding:0}
.bt div,.bd div{display:flex;justify-content:space-between;gap:12px;padding:3px 0}
.bt dt,.bd dt{margin:0}
.bt dd,.bd dd{margin:0;font-weight:600;white-space:nowrap}
.bt .tot,.bd .tot{font-size:17px;font-weight:700}
.bt .tot dd,.bd .tot dd{font-weight:700}
.bp{padding-top:4px;border-top:1px solid var(--line)}
.bp fieldset{margin:12px 0 0}
.bw .ch span{flex:1}
.tps{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:6px}
.tc{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:2px 6px;min-height:52px;padding:6px 4px;border:1px solid var(--line);border-radius:12px;background:var(--card);font-weight:600;text-align:center;cursor:pointer}
.tc input{width:18px;height:18px;margin:0;accent-color:var(--acc)}
.tc span{white-space:nowrap}
/* The chosen chip stands out where :has works; elsewhere its radio still shows the choice. */
.tc:has(input:checked){border-color:var(--acc);box-shadow:inset 0 0 0 1px var(--acc);color:var(--acc)}
.tc small{flex-basis:100%;color:var(--muted);font-size:12px;font-weight:500;white-space:nowrap}
.tc.to{grid-column:1/-1;min-height:44px}
.tao{margin-top:8px}
.tao label{display:block;margin-bottom:4px;font-size:14px;font-weight:600}
.tao input{width:100%;min-height:44px;padding:10px 12px;border:1px solid var(--line);border-radius:12px;background:var(--card);color:var(--ink);font:inherit;font-size:16px}
.tao input[aria-invalid=true]{border-color:var(--warn)}
.py{margin-top:8px}
.py[data-p=click]{background:var(--acc2)}
.py:disabled{opacity:.6;cursor:default}
.pd .bt{margin:0 0 8px}
.pd.ok .sm{color:var(--acc)}
.pd.x .sm{color:var(--warn)}
.pd .nb{margin-top:8px}
`);

/** The note on a stale table link's page: the plain page's look, one warning line above the menu. */
export const TABLE_NOTE_CSS = minifyCss(`
.tn{margin:12px 0 0;padding:10px 12px;border-radius:12px;background:var(--warnbg);color:var(--warn);font-size:14px}
`);
