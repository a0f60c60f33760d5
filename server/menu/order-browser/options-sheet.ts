import type { CartRow } from './cart';
import { closable, el, fill, money, openDialog, type PageConfig } from './dom';
import { chosenRows, initialChoices, missingRequired, NONE } from './option-choice';
import type { PageProduct } from './product';

/**
 * The option sheet of a dish with options: one radio group per option (a portion, a sauce: one choice each, as the
 * order API takes at most one row of each option), the price with the choice on the add button. A required option
 * starts on its first row and says it is required; an optional one has its own "none" choice, checked to start with.
 * The cart gets exactly the checked rows (option-choice.ts), never a row the sheet does not show as chosen, and a
 * required option without a choice keeps the dish out of the cart with a line naming it. Resolves with the chosen
 * rows, or never when the diner closes it.
 */
export function optionSheet(dialog: HTMLDialogElement, config: PageConfig) {
  closable(dialog);
  dialog.setAttribute('aria-labelledby', 'oph');
  return (product: PageProduct, opener: Element | null, onAdd: (rows: CartRow[]) => void) => {
    const { t } = config;
    const initial = initialChoices(product.options);
    const choice = (g: number, value: number, name: string, price = 0) =>
      el(
        'label',
        { class: 'ch' },
        el('input', {
          type: 'radio',
          name: `og${g}`,
          value: String(value),
          checked: initial[g] === value,
          autofocus: g === 0 && initial[0] === value,
        }),
        el('span', {}, name),
        price > 0 && el('b', {}, `+${money(price, config)}`),
      );
    const groups = product.options.map((option, g) =>
      el(
        'fieldset',
        {},
        el('legend', {}, option.name, option.required && el('span', {}, ` · ${t.required}`)),
        !option.required && choice(g, NONE, t.noChoice),
        ...option.rows.map((row, r) => choice(g, r, row.name, row.price)),
      ),
    );
    const checked = (g: number) => dialog.querySelector<HTMLInputElement>(`input[name="og${g}"]:checked`);
    const choices = () => product.options.map((_, g) => Number(checked(g)?.value ?? NONE));
    const price = el('span', {});
    const add = el('button', { class: 'oa', type: 'button' }, `${t.addToCart} · `, price);
    const errorLine = el('p', { class: 'ce', role: 'alert' });
    const showPrice = () => {
      errorLine.textContent = '';
      price.textContent = money(
        chosenRows(product.options, choices()).reduce((sum, row) => sum + row.price, product.price),
        config,
      );
    };
    dialog.replaceChildren(
      el(
        'div',
        { class: 'sh2' },
        el(
          'div',
          { class: 'dh' },
          el('h2', { id: 'oph' }, product.name),
          el('button', { class: 'dx', type: 'button', 'aria-label': config.close }, '×'),
        ),
        el('p', { class: 'vh' }, t.chooseOptions),
        ...groups,
        errorLine,
        add,
      ),
    );
    dialog.onchange = showPrice;
    add.onclick = () => {
      const now = choices();
      const missing = missingRequired(product.options, now);
      if (missing >= 0) {
        errorLine.textContent = fill(t.chooseRequired, product.options[missing]!.name);
        groups[missing]!.querySelector('input')?.focus();
        return;
      }
      onAdd(chosenRows(product.options, now));
      dialog.close();
    };
    showPrice();
    openDialog(dialog, opener, () => document.querySelector<HTMLElement>('.cbb'));
  };
}
