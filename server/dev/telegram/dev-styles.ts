/** The /dev/telegram page's style sheet (served as a file: the page's CSP allows no inline style). Telegram-like colours. */
export const DEV_PAGE_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif,"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji";color:#000;background:#f1f3f5}
.wrap{max-width:1200px;margin:0 auto;padding:0 16px}
.top{background:#3390ec;color:#fff;padding:14px 0 16px}
.top .wrap{max-width:792px}
body:has(main > .chat:nth-child(2)) .top .wrap{max-width:1200px}
.top h1{margin:0 0 6px;font-size:20px;font-weight:600}
.top p{margin:0;font-size:14px;opacity:.95}
main{display:grid;gap:16px;padding-top:16px;padding-bottom:24px;grid-template-columns:repeat(auto-fit,minmax(min(100%,420px),1fr))}
main:has(> .chat:only-child){grid-template-columns:minmax(0,760px);justify-content:center}
.none{color:#707579;text-align:center;padding:32px 0}
.chat{background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.12);display:flex;flex-direction:column;min-width:0}
.chat-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;padding:10px 14px;border-bottom:1px solid #e4e7ea}
.chat-name{flex:1 1 160px;min-width:0}
.member{flex:none;border:1px solid #c9d3dc;background:#fff;color:#1f2a33;border-radius:8px;padding:6px 10px;font:inherit;font-size:13px;cursor:pointer}
.member:hover{background:#eef3f7}
.member[disabled]{opacity:.6;cursor:default}
.avatar{flex:none;width:42px;height:42px;border-radius:50%;background:linear-gradient(#72d5fd,#2a9ef1);color:#fff;display:grid;place-items:center;font-weight:600;font-size:18px}
.chat-name h2{margin:0;font-size:16px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.chat-name p{margin:0;color:#707579;font-size:13px}
.feed{background:#c9dcb3 linear-gradient(160deg,#d5e4b8,#a8c99c 55%,#8fbf9f);padding:12px 10px 16px;display:flex;flex-direction:column;gap:8px;height:calc(100vh - 250px);min-height:360px;overflow-y:auto;overscroll-behavior:contain}
.empty{margin:auto;background:rgba(0,0,0,.22);color:#fff;border-radius:14px;padding:6px 12px;font-size:13px;text-align:center;max-width:320px}
.msg{align-self:flex-start;width:min(100%,480px)}
.bubble{background:#fff;border-radius:12px 12px 12px 4px;padding:6px 10px 5px;box-shadow:0 1px 1px rgba(0,0,0,.13)}
.author{color:#3390ec;font-weight:600;font-size:14px;margin-bottom:2px}
.text{white-space:pre-wrap;overflow-wrap:anywhere}
.text code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;background:#f0f2f4;border-radius:4px;padding:0 3px}
.text pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;background:#f0f2f4;border-radius:6px;padding:6px 8px;margin:4px 0;white-space:pre-wrap}
.text pre code{background:none;padding:0}
.text blockquote{margin:4px 0;padding:2px 8px;border-left:3px solid #3390ec;background:#eef6fd;border-radius:4px}
.text a{color:#2481cc}
.spoiler{background:#c3c8cc;color:transparent;border-radius:4px;cursor:pointer;transition:color .2s}
.spoiler.shown{background:#eceff1;color:inherit}
.meta{display:flex;justify-content:flex-end;gap:6px;color:#8a9aa9;font-size:12px;margin-top:2px}
.keyboard{display:flex;flex-direction:column;gap:4px;margin-top:4px}
.kb-row{display:flex;gap:4px}
.kb{flex:1 1 0;min-width:0;min-height:38px;border:0;border-radius:8px;background:rgba(34,64,40,.38);color:#fff;font:inherit;font-size:14px;font-weight:500;padding:6px 8px;cursor:pointer;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.kb:hover{background:rgba(34,64,40,.5)}
.kb:focus-visible{outline:2px solid #fff;outline-offset:-4px}
.kb.busy{opacity:.6;cursor:progress}
.status{position:fixed;top:8px;right:8px;margin:0;background:#e53935;color:#fff;border-radius:8px;padding:4px 10px;font-size:13px}
.status:empty{display:none}
.toast{position:fixed;left:50%;bottom:24px;transform:translateX(-50%);max-width:min(92vw,420px);background:rgba(0,0,0,.8);color:#fff;border-radius:10px;padding:10px 16px;font-size:14px;text-align:center;box-shadow:0 2px 8px rgba(0,0,0,.25)}
.toast[hidden]{display:none}
dialog{border:0;border-radius:12px;padding:18px 20px 12px;max-width:min(90vw,360px);box-shadow:0 4px 24px rgba(0,0,0,.3)}
dialog p{margin:0 0 12px;white-space:pre-wrap}
dialog button{float:right;border:0;background:none;color:#3390ec;font:inherit;font-weight:600;padding:6px 10px;cursor:pointer}
@media (max-width:600px){.wrap{padding:0 10px}.top{padding:10px 0 12px}.top h1{font-size:18px;margin-bottom:4px}.top p{font-size:13px}main{padding-top:10px;gap:10px}.feed{height:calc(100dvh - 230px)}.chat{border-radius:10px}}
`;
