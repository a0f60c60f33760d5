/** The /dev/iiko page's style sheet (served as a file: the page's CSP allows no inline style). A till's screen: checks as slips. */
export const DEV_PAGE_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d232a;background:#e9edf1}
.wrap{max-width:1240px;margin:0 auto;padding:0 16px}
.top{background:#23303d;color:#fff;padding:14px 0 16px;border-bottom:4px solid #f28c28}
.top h1{margin:0 0 6px;font-size:20px;font-weight:600}
.top p{margin:0;font-size:14px;opacity:.9;max-width:860px}
main{display:flex;flex-direction:column;gap:16px;padding-top:16px;padding-bottom:28px}
.none{color:#5d6b78;text-align:center;padding:32px 0}
.group{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);overflow:hidden}
.group-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;padding:12px 16px;border-bottom:1px solid #e3e8ed;background:#f7f9fb}
.group-name{flex:1 1 220px;min-width:0}
.group-name h2{margin:0;font-size:17px;font-weight:600;overflow-wrap:anywhere}
.group-name p{margin:0;color:#5d6b78;font-size:13px}
.alive{flex:none;border-radius:999px;padding:3px 10px;font-size:13px;font-weight:600}
.alive.on{background:#e3f5e8;color:#1e7b3a}
.alive.off{background:#fde7e7;color:#b42318}
.switch{flex:none;min-height:40px;border:1px solid #c4ced8;background:#fff;color:#1d232a;border-radius:8px;padding:6px 14px;font:inherit;font-size:14px;font-weight:500;cursor:pointer}
.switch:hover{background:#eef2f6}
.group.off .switch{background:#1e7b3a;border-color:#1e7b3a;color:#fff}
.group.off .switch:hover{background:#17672f}
.checks{display:grid;gap:12px;padding:14px 16px 16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,290px),1fr));align-items:start}
.group.off .checks{background:repeating-linear-gradient(135deg,#fff,#fff 12px,#fbf3f3 12px,#fbf3f3 24px)}
.empty{margin:0;color:#5d6b78;font-size:14px;grid-column:1/-1}
.check{background:#fffef9;border:1px solid #e2e0d6;border-top:5px solid #2e9e55;border-radius:8px;padding:10px 12px 12px;display:flex;flex-direction:column;gap:6px;min-width:0;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.check.bill{border-top-color:#d98a00}
.check.sending{border-top-color:#8a96a3}
.check.waiting{border-top-color:#b42318;background:#fffafa}
.check-head{display:flex;align-items:baseline;justify-content:space-between;gap:8px;flex-wrap:wrap}
.table{margin:0;font-size:20px;font-weight:700;overflow-wrap:anywhere}
.status{font-size:12px;font-weight:600;border-radius:6px;padding:2px 8px;white-space:nowrap}
.status.new{background:#e3f5e8;color:#1e7b3a}
.status.bill{background:#fff2d6;color:#8a5700}
.status.sending{background:#eceff2;color:#4a5663}
.status.waiting{background:#fde7e7;color:#b42318}
.numbers{margin:0;display:flex;flex-wrap:wrap;gap:2px 12px;color:#5d6b78;font-size:13px}
.numbers span:first-child{color:#1d232a;font-weight:600}
.lines{list-style:none;margin:4px 0 0;padding:8px 0 0;border-top:1px dashed #cfcabb;display:flex;flex-direction:column;gap:6px}
.line{display:grid;grid-template-columns:auto minmax(0,1fr) auto;gap:0 8px;align-items:baseline}
.qty{font-weight:600;color:#5d6b78;font-variant-numeric:tabular-nums}
.name{display:flex;flex-direction:column;min-width:0;overflow-wrap:anywhere}
.size{color:#5d6b78}
.each{color:#7a8794;font-size:12px;white-space:nowrap}
.sum{font-variant-numeric:tabular-nums;white-space:nowrap;text-align:right}
.mods{grid-column:2/4;list-style:none;margin:2px 0 0;padding:0 0 0 10px;border-left:2px solid #ece7d8;display:flex;flex-direction:column;gap:2px;font-size:13px}
.mod{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:0 8px}
.mod .name{color:#3b4652}
.mod .each{grid-column:1;grid-row:2}
.mod .sum{grid-column:2;grid-row:1/3;align-self:center;color:#3b4652}
.comment{grid-column:2/4;margin:2px 0 0;font-size:13px;color:#8a5700;font-style:italic;overflow-wrap:anywhere}
.pending{margin:4px 0 0;padding-top:8px;border-top:1px dashed #cfcabb;color:#5d6b78;font-size:13px}
.check-foot{display:flex;align-items:center;justify-content:space-between;gap:8px;margin-top:4px;padding-top:8px;border-top:1px dashed #cfcabb}
.total{font-size:15px;white-space:nowrap}
.total b{font-size:17px;font-variant-numeric:tabular-nums}
.close{min-height:44px;min-width:96px;border:0;border-radius:8px;background:#f28c28;color:#fff;font:inherit;font-size:15px;font-weight:600;padding:8px 16px;cursor:pointer}
.close:hover{background:#d9751a}
.close:focus-visible,.switch:focus-visible{outline:3px solid #23303d;outline-offset:2px}
.busy{opacity:.6;cursor:progress}
.history{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:12px 16px 14px;font-size:13px}
.history h2{margin:0 0 8px;font-size:15px;font-weight:600;color:#3b4652}
.history ol{list-style:none;margin:0;padding:0;display:grid;gap:6px;grid-template-columns:repeat(auto-fill,minmax(min(100%,360px),1fr))}
.done{border:1px solid #e3e8ed;border-radius:8px;padding:6px 10px;min-width:0}
.done.failed{border-color:#f3c4c0;background:#fff8f7}
.done-head{margin:0;display:flex;flex-wrap:wrap;align-items:baseline;gap:2px 10px;color:#5d6b78}
.done-head b{color:#1d232a;font-size:14px}
.done-head .sum{margin-left:auto;color:#1d232a}
.outcome{font-weight:600}
.outcome.closed{color:#1e7b3a}
.outcome.failed{color:#b42318}
.org{margin:0;color:#7a8794;font-size:12px}
.error{margin:2px 0 0;color:#b42318;overflow-wrap:anywhere}
.error q{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
#status{position:fixed;top:8px;right:8px;margin:0;background:#b42318;color:#fff;border-radius:8px;padding:4px 10px;font-size:13px}
#status:empty{display:none}
.toast{position:fixed;left:50%;bottom:24px;transform:translateX(-50%);max-width:min(92vw,440px);background:rgba(20,26,32,.88);color:#fff;border-radius:10px;padding:10px 16px;font-size:14px;text-align:center;box-shadow:0 2px 8px rgba(0,0,0,.25)}
.toast[hidden]{display:none}
@media (max-width:600px){.wrap{padding:0 10px}.top{padding:10px 0 12px}.top h1{font-size:18px;margin-bottom:4px}.top p{font-size:13px}main{padding-top:10px;gap:10px}.group-head{padding:10px 12px}.group-name{flex-basis:100%}.checks{padding:10px 10px 12px;gap:10px}.switch{margin-left:auto}.history{padding:10px 12px}}
`;
