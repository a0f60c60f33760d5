/**
 * The /dev/printer page's style sheet (served as a file: the page's CSP allows no inline style). Each ticket is a
 * white strip of thermal paper as wide as its columns of a monospaced font: a double-width character takes two
 * columns, as on the printer, so wrapping and centering look as they will on paper.
 */
export const DEV_PAGE_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d232a;background:#d9dde2}
.wrap{max-width:1240px;margin:0 auto;padding:0 16px}
.top{background:#23303d;color:#fff;padding:14px 0 16px;border-bottom:4px solid #f28c28}
.top h1{margin:0 0 6px;font-size:20px;font-weight:600}
.top p{margin:0;font-size:14px;opacity:.9;max-width:860px}
main{display:flex;flex-direction:column;gap:16px;padding-top:16px;padding-bottom:28px}
.controls{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;background:#fff;border-radius:12px;padding:12px 16px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.power{min-height:44px;min-width:150px;border:0;border-radius:999px;padding:8px 18px;font:inherit;font-size:15px;font-weight:600;cursor:pointer;color:#fff}
.power.on{background:#1e7b3a}
.power.on:hover{background:#17672f}
.power.off{background:#b42318}
.power.off:hover{background:#93190f}
.power:focus-visible{outline:3px solid #23303d;outline-offset:2px}
.busy{opacity:.6;cursor:progress}
.address,.count{margin:0;color:#5d6b78;font-size:14px}
.address code{color:#1d232a;font-size:13px}
.empty{margin:0;color:#5d6b78;text-align:center;padding:32px 0}
.tickets{display:flex;flex-wrap:wrap;align-items:flex-start;gap:24px}
.ticket{display:flex;flex-direction:column;max-width:100%}
.meta{margin:0 0 6px;display:flex;gap:10px;color:#3b4652;font-size:13px}
.meta time{font-variant-numeric:tabular-nums;font-weight:600}
.paper{background:#fff;color:#111;font:14px/1.3 ui-monospace,"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,monospace;padding:14px 12px 10px;box-shadow:0 1px 4px rgba(0,0,0,.18);max-width:100%;overflow-x:auto}
.paper.w32{width:calc(32ch + 24px)}
.paper.w42{width:calc(42ch + 24px)}
.paper.w48{width:calc(48ch + 24px)}
.line{margin:0;white-space:pre;min-height:1.3em}
.line.b{font-weight:700}
.line.center{text-align:center}
.line.right{text-align:right}
.line.s22{font-size:2em}
.line.s21 span{letter-spacing:1ch}
.line.s12{height:2.6em}
.line.s12 span{display:inline-block;transform:scaleY(2);transform-origin:top}
.cut,.uncut{margin:0;font-size:12px;color:#5d6b78;padding-top:4px}
.cut{border-top:2px dashed #5d6b78;margin-top:6px}
.cut::before{content:"\\2702  "}
#status{position:fixed;top:8px;right:8px;margin:0;background:#b42318;color:#fff;border-radius:8px;padding:4px 10px;font-size:13px}
#status:empty{display:none}
@media (max-width:600px){.wrap{padding:0 10px}.top{padding:10px 0 12px}.top h1{font-size:18px;margin-bottom:4px}.top p{font-size:13px}main{padding-top:10px;gap:10px}.paper{font-size:12px}}
`;
