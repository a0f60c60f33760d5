// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { productOf } from '../../web-menu/product';

/** The option sheet reads a dish from the ordering page's own markup (page.ts): its options' rows and choice counts. */
const article = (groups: string) => {
  const node = document.createElement('article');
  node.setAttribute('data-id', 'p1');
  node.setAttribute('data-v', '45000');
  node.innerHTML = `<h3>Osh (to'y oshi)</h3><details><summary>Opsiyalar</summary>${groups}</details>`;
  return node;
};
const group = (attrs: string, name: string, rows: string) =>
  `<div class="og" data-o="o-${name}"${attrs}><h4>${name}</h4><ul>${rows}</ul></div>`;
const ROWS =
  '<li data-r="r1" data-v="15000"><span>Qazi</span></li><li data-r="r2" data-v="5000"><span>Bedana</span></li>';

describe('a dish read from the ordering page', () => {
  it('takes each option’s minimum from data-q and maximum from data-m, 0 and 1 where the page leaves them out', () => {
    const product = productOf(
      article(
        group('', 'Porsiya', ROWS) +
          group(' data-q="1"', 'Non', ROWS) +
          group(' data-m="2"', "Qo'shimcha", ROWS) +
          group(' data-q="1" data-m="3"', 'Salat', ROWS),
      ),
    );
    expect(product?.options.map(({ name, min, max }) => [name, min, max])).toEqual([
      ['Porsiya', 0, 1],
      ['Non', 1, 1],
      ["Qo'shimcha", 0, 2],
      ['Salat', 1, 3],
    ]);
    expect(product?.options[2]?.rows).toEqual([
      { _id: 'r1', name: 'Qazi', price: 15000 },
      { _id: 'r2', name: 'Bedana', price: 5000 },
    ]);
    expect(product?.price).toBe(45000);
  });

  it('reads a count it cannot use as the page’s default, and leaves out an option without rows', () => {
    const product = productOf(
      article(group(' data-q="x" data-m="0"', 'Sous', ROWS) + group(' data-m="2"', 'Bo‘sh', '')),
    );
    expect(product?.options.map(({ name, min, max }) => [name, min, max])).toEqual([['Sous', 0, 1]]);
  });
});
