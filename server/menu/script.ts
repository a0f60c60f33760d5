/**
 * The page's only script (progressive enhancement: without it the jump links are plain anchors and options open in
 * <details>). It (1) highlights the category being read in the sticky bar and keeps that link in view, and (2) opens
 * a product with a photo or options in a bottom sheet with the large photo and every option expanded.
 * Written compactly by hand (no build step); keep it under ~1.5 KB.
 */
export const MENU_SCRIPT = `(()=>{
const nav=document.querySelector('.ct');
if(nav&&'IntersectionObserver'in window){
const links={};let cur;
nav.querySelectorAll('a').forEach(a=>{links[a.hash.slice(1)]=a});
const io=new IntersectionObserver(es=>{for(const e of es){const a=e.isIntersecting&&links[e.target.id];
if(a&&a!==cur){if(cur)cur.removeAttribute('aria-current');a.setAttribute('aria-current','true');cur=a;
nav.scrollTo({left:a.offsetLeft-(nav.clientWidth-a.offsetWidth)/2,behavior:'smooth'})}}},{rootMargin:'-60px 0px -65% 0px'});
document.querySelectorAll('main section').forEach(s=>io.observe(s))}
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
