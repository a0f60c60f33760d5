import type { CartRow } from './cart';
import { closable, el, money, openDialog, type PageConfig } from './dom';
import type { PageProduct } from './product';

/**
 * The option sheet of a dish with options: one radio group per option (a portion, a sauce: one row each, the first
 * chosen to start with, as the order API takes at most one row of each option), the price with the choice on the
 * add button. Resolves with the chosen rows, or never when the diner closes it.
 */
export function optionSheet(dialog: HTMLDialogElement, config: PageConfig) {
  closable(dialog);
  dialog.setAttribute('aria-labelledby', 'oph');
  return (product: PageProduct, opener: Element | null, onAdd: (rows: CartRow[]) => void) => {
    const { t } = config;
    const groups = product.options.map((option, g) =>
      el(
        'fieldset',
        {},
        el('legend', {}, option.name),
        ...option.rows.map((row, r) =>
          el(
            'label',
            { class: 'ch' },
            el('input', {
              type: 'radio',
              name: `og${g}`,
              value: String(r),
              checked: r === 0,
              autofocus: g === 0 && r === 0,
            }),
            el('span', {}, row.name),
            row.price > 0 && el('b', {}, `+${money(row.price, config)}`),
          ),
        ),
      ),
    );
    const chosen = (): CartRow[] =>
      product.options.map((option, g) => {
        const input = dialog.querySelector<HTMLInputElement>(`input[name="og${g}"]:checked`);
        return option.rows[Number(input?.value ?? 0)] ?? option.rows[0]!;
      });
    const price = el('span', {});
    const add = el('button', { class: 'oa', type: 'button' }, `${t.addToCart} · `, price);
    const showPrice = () => {
      price.textContent = money(
        chosen().reduce((sum, row) => sum + row.price, product.price),
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
        add,
      ),
    );
    dialog.onchange = showPrice;
    add.onclick = () => {
      onAdd(chosen());
      dialog.close();
    };
    showPrice();
    openDialog(dialog, opener, () => document.querySelector<HTMLElement>('.cbb'));
  };
}
