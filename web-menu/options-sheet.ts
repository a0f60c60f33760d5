import type { CartRow } from './cart';
import { closable, el, fill, money, openDialog, type PageConfig } from './dom';
import { chosenRows, initialChoices, isFull, leastOf, missingChoice, mostOf, NONE } from './option-choice';
import type { PageOption, PageProduct } from './product';

/**
 * The option sheet of a dish with options, one group per option, the price with the choice on the add button.
 * An option of alternatives (max 1: a portion, a sauce) is a radio group: a required one starts on its first row and
 * says it is required; an optional one has its own "none" choice, checked to start with. An option of extras (max > 1)
 * is a group of checkboxes, none ticked, its legend saying how many; once it has its maximum, its other boxes are
 * disabled, so the diner can never choose more than the order API takes. The cart gets exactly the checked rows
 * (option-choice.ts), never a row the sheet does not show as chosen, and an option with fewer than its minimum keeps
 * the dish out of the cart with a line naming it. Resolves with the chosen rows, or never when the diner closes it.
 */
export function optionSheet(dialog: HTMLDialogElement, config: PageConfig) {
  closable(dialog);
  dialog.setAttribute('aria-labelledby', 'oph');
  return (product: PageProduct, opener: Element | null, onAdd: (rows: CartRow[]) => void) => {
    const { t } = config;
    const { options } = product;
    const initial = initialChoices(options);
    const extras = (g: number) => options[g]!.max > 1;
    // `{1}` first: the `{0}` value (an option's name) is the manager's text and must never be read as a placeholder.
    const fill2 = (text: string, first: string | number, second: number) =>
      fill(text.replace('{1}', String(second)), first);
    /** What the legend says after the name: "required" for alternatives, how many for extras. */
    const note = (option: PageOption, g: number) => {
      const least = leastOf(option);
      const most = mostOf(option);
      if (!extras(g)) return least > 0 && t.required;
      if (least === 0) return fill(t.upTo, most);
      return least === most ? fill(t.exactly, most) : fill2(t.atLeastUpTo, least, most);
    };
    const choice = (g: number, value: number, name: string, price = 0) => {
      const checked = value === NONE ? initial[g]!.length === 0 : initial[g]!.includes(value);
      return el(
        'label',
        { class: 'ch' },
        el('input', {
          type: extras(g) ? 'checkbox' : 'radio',
          name: `og${g}`,
          value: String(value),
          checked,
          // The first group's checked radio (arrow keys move from it), or its first box.
          autofocus: g === 0 && (extras(g) ? value === 0 : checked),
        }),
        el('span', {}, name),
        price > 0 && el('b', {}, `+${money(price, config)}`),
      );
    };
    const groups = options.map((option, g) => {
      const said = note(option, g);
      return el(
        'fieldset',
        {},
        el('legend', {}, option.name, said && el('span', {}, ` · ${said}`)),
        !extras(g) && leastOf(option) === 0 && choice(g, NONE, t.noChoice),
        ...option.rows.map((row, r) => choice(g, r, row.name, row.price)),
      );
    });
    const choices = () =>
      groups.map((group) => [...group.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => Number(i.value)));
    const price = el('span', {});
    const add = el('button', { class: 'oa', type: 'button' }, `${t.addToCart} · `, price);
    const errorLine = el('p', { class: 'ce', role: 'alert' });
    const refresh = () => {
      errorLine.textContent = '';
      const now = choices();
      options.forEach((option, g) => {
        if (!extras(g)) return;
        const full = isFull(option, now[g]!);
        for (const box of groups[g]!.querySelectorAll('input')) box.disabled = full && !box.checked;
      });
      price.textContent = money(
        chosenRows(options, now).reduce((sum, row) => sum + row.price, product.price),
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
    dialog.onchange = refresh;
    add.onclick = () => {
      const now = choices();
      const missing = missingChoice(options, now);
      if (missing >= 0) {
        const option = options[missing]!;
        errorLine.textContent = extras(missing)
          ? fill2(t.chooseAtLeast, option.name, leastOf(option))
          : fill(t.chooseRequired, option.name);
        groups[missing]!.querySelector('input')?.focus();
        return;
      }
      onAdd(chosenRows(options, now));
      dialog.close();
    };
    refresh();
    openDialog(dialog, opener, () => document.querySelector<HTMLElement>('.cbb'));
  };
}
