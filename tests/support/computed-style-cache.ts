/**
 * jsdom computes an element's style anew on every `getComputedStyle` call, matching its whole user-agent stylesheet,
 * and Testing Library asks it for the element and every ancestor on each `getByRole` and `toBeVisible`: a third of the
 * screens' test time. Between two changes of the document the answer cannot change, so it is kept per element until
 * the next change. A MutationObserver sees every change of attributes (class, style, hidden…), children and text;
 * `takeRecords()` reads the changes not yet delivered synchronously, so a style asked right after a change is never
 * the old one. Focus is watched too (`:focus` selectors match without a mutation). Detached elements are not kept
 * (their changes are not observed), nor pseudo-elements.
 */
export function cacheComputedStyles(window: Window & typeof globalThis): void {
  const compute = window.getComputedStyle.bind(window);
  let kept = new WeakMap<Element, CSSStyleDeclaration>();
  const forget = () => {
    kept = new WeakMap();
  };
  const observer = new window.MutationObserver(forget);
  observer.observe(window.document, { attributes: true, childList: true, characterData: true, subtree: true });
  window.document.addEventListener('focusin', forget, true);
  window.document.addEventListener('focusout', forget, true);

  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (observer.takeRecords().length > 0) forget();
    if (pseudoElement || !element.isConnected) return compute(element, pseudoElement);
    let style = kept.get(element);
    if (!style) {
      style = compute(element);
      kept.set(element, style);
    }
    return style;
  };
}
