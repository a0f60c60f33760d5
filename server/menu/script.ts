/**
 * The page's only script (progressive enhancement: without it the jump links are plain anchors and options open in
 * <details>). It (1) highlights the category being read in the sticky bar and keeps that link in view (the one
 * tapped stays marked until the diner scrolls, even when the page cannot scroll that category to the top), and (2) opens
 * a product with a photo or options in a bottom sheet with the large photo and every option expanded.
 * Written compactly by hand (no build step); keep it under ~1.5 KB.
 */
export const MENU_SCRIPT = `(()=>{
const nav=document.querySelector('.ct'),secs=[...document.querySelectorAll('main section')];
if(nav&&secs.length){
const links={};let cur,pin,raf;
nav.querySelectorAll('a').forEach(a=>{links[a.hash.slice(1)]=a});
const mark=a=>{if(a&&a!==cur){if(cur)cur.removeAttribute('aria-current');a.setAttribute('aria-current','true');cur=a;
nav.scrollTo({left:a.offsetLeft-(nav.clientWidth-a.offsetWidth)/2,behavior:'smooth'})}};
const upd=()=>{raf=0;if(pin)return;let s=secs[0];
if(innerHeight+scrollY>=document.documentElement.scrollHeight-4)s=secs[secs.length-1];
else for(const x of secs){if(x.getBoundingClientRect().top<=nav.offsetHeight+24)s=x;else break}
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
b.replaceChildren(c);d.showModal();d.scrollTop=0});
d.addEventListener('click',e=>{if(e.target===d||e.target.closest('.sx'))d.close()});
})();`
  .split('\n')
  .join('');
