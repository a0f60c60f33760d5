/**
 * The page's only script (progressive enhancement: without it the jump links are plain anchors, options open in
 * <details> and the search box stays hidden). It (1) highlights the category being read in the sticky bar and keeps
 * that link in view (the one tapped stays marked until the diner scrolls, even when the page cannot scroll that
 * category to the top), (2) opens a product with a photo or options in a bottom sheet with the large photo and every
 * option expanded, and (3) shows the search box and filters the products as the diner types: the query folded by
 * lib/search.ts's own code against each product's key the server wrote (`data-k`, see search.ts); a category with
 * no match hides with its jump link, and "nothing found" shows when no product is left; (4) makes the filter chips
 * instant (web-menu/dish-filter.ts): a dish shows when it passes both the chips and the search, and the line under the
 * chips says how many the chips hide ("nothing found" is the search's, so it stays hidden when the chips alone left
 * nothing). Only a page with chips gets (4): two scripts, two CSP hashes, the route sends the page's own. (5) Tells
 * the owner's report (server/menu/stats.ts) that a dish's detail was opened, and what a search that found nothing
 * asked for once the diner stopped typing for 1.5 s, by navigator.sendBeacon: nothing of the diner goes with it.
 * Language-free: every text it shows is in the page, so each script serves every language.
 *
 * Written compactly by hand; it imports `searchKey` and `keyMatches` from lib/search.ts and the chips from
 * web-menu/dish-filter.ts, and esbuild bundles them into one minified browser script (browser-scripts.ts): the folding
 * and the chips' rule in the page are those modules' code, never a copy.
 */
const MENU_SCRIPT_BODY = `(()=>{
const nav=document.querySelector('.ct'),secs=[...document.querySelectorAll('main section')],links={};
if(nav)nav.querySelectorAll('a').forEach(a=>{links[a.hash.slice(1)]=a});
const sr=document.querySelector('.sr'),nr=document.querySelector('.nr');
const ev=document.getElementById('sh')?.dataset.e,tell=o=>{if(ev&&navigator.sendBeacon)navigator.sendBeacon(ev,JSON.stringify(o))};
let k='',flt;
const show=()=>{let any=0,out=0,left=0;
for(const s of secs){let n=0;s.querySelectorAll('.p').forEach(p=>{const f=!flt||flt.matches(p);if(f)left=1;else out++;
const ok=f&&keyMatches(p.dataset.k||'',k);p.hidden=!ok;if(ok)n++});
s.hidden=!n;if(links[s.id])links[s.id].hidden=!n;if(n)any=1}
if(nr)nr.hidden=!!any||!left;if(flt)flt.report(out,!left)};
flt=dishFilter(document,show);
if(sr&&nr){const q=sr.querySelector('input');sr.hidden=false;let st,told='';
q.addEventListener('input',()=>{k=searchKey(q.value);show();clearTimeout(st);
if(!nr.hidden){const v=q.value.trim();st=setTimeout(()=>{if(v!==told){told=v;tell({s:v})}},1500)}})}
if(flt)show();
if(nav&&secs.length){
let cur,pin,raf;
const mark=a=>{if(a&&a!==cur){if(cur)cur.removeAttribute('aria-current');a.setAttribute('aria-current','true');cur=a;
nav.scrollTo({left:a.offsetLeft-(nav.clientWidth-a.offsetWidth)/2,behavior:'smooth'})}};
const upd=()=>{raf=0;if(pin)return;let s=secs[0];
if(innerHeight+scrollY>=document.documentElement.scrollHeight-4)s=secs.filter(x=>!x.hidden).pop()||s;
else for(const x of secs){if(x.hidden)continue;if(x.getBoundingClientRect().top<=nav.offsetHeight+24)s=x;else break}
mark(links[s.id])};
addEventListener('scroll',()=>{if(!raf)raf=requestAnimationFrame(upd)},{passive:true});
['wheel','touchstart','keydown'].forEach(n=>addEventListener(n,()=>{pin=0},{passive:true}));
nav.addEventListener('click',e=>{const a=e.target.closest('a');if(a){pin=1;mark(a)}});
upd()}
const d=document.getElementById('sh'),m=document.querySelector('main');
if(!d||!d.showModal||!m)return;
const b=d.querySelector('.sb');
m.addEventListener('click',e=>{
const p=e.target.closest('.p[data-s]');
if(!p||e.target.closest('summary,a'))return;
const c=p.cloneNode(true);
c.removeAttribute('data-s');
const i=c.querySelector('img');
if(i){i.removeAttribute('loading');i.sizes='(min-width:640px) 640px,100vw';c.prepend(i)}
c.querySelectorAll('details').forEach(x=>{x.open=true});
b.replaceChildren(c);d.showModal();d.scrollTop=0;tell({d:p.dataset.k})});
d.addEventListener('click',e=>{if(e.target===d||e.target.closest('.sx'))d.close()});
})();`;

const SEARCH_IMPORT = "import { keyMatches, searchKey } from './search';\n";

/** The script of a page with filter chips: the chips' code bundled in. */
export const MENU_SCRIPT_SOURCE = `${SEARCH_IMPORT}import { dishFilter } from '../web-menu/dish-filter';\n${MENU_SCRIPT_BODY}`;

/**
 * The script of a page without chips (a menu whose dishes have no facts that a chip could tell apart, most menus):
 * `dishFilter` answers nothing, as it does on a page without chips, and the chips' code is not sent.
 */
export const MENU_SCRIPT_SOURCE_WITHOUT_CHIPS = `${SEARCH_IMPORT}const dishFilter=()=>undefined;\n${MENU_SCRIPT_BODY}`;
