import type { StopListCategory, StopListProduct } from '../../../client/stopList';

/**
 * One small restaurant shared by the stop-list's unit, machine and UI tests: the UI tests seed exactly this into the
 * real database, the machine tests and the generated paths use it as the load answer (with made-up ids), so a
 * path's sample events name the same products the rendered screen shows.
 *
 * Mavjud lists 7 categories (so "ko'proq ko'rsatish" shows 5, then 7); Stop-list lists 3. Birinchi and Ikkinchi
 * taomlar have products on both tabs; Shirinliklar is an inactive category with an available product (a manager
 * turned the category off); Nonlar was cascaded off (all its products stopped).
 */
export interface SampleProduct {
  name: string;
  is_active: boolean;
}
export interface SampleCategory {
  title: string;
  is_active: boolean;
  products: SampleProduct[];
}

const A = (name: string): SampleProduct => ({ name, is_active: true });
const S = (name: string): SampleProduct => ({ name, is_active: false });

export const STOP_LIST_SAMPLE: SampleCategory[] = [
  { title: 'Birinchi taomlar', is_active: true, products: [A('Sho‘rva'), A('Mastava'), A('Lag‘mon'), S('Chuchvara')] },
  { title: 'Ikkinchi taomlar', is_active: true, products: [A("Osh (to'y oshi)"), A('Manti'), S('Qozon kabob')] },
  { title: 'Kaboblar', is_active: true, products: [A('Jigar kabob'), A('Qiyma kabob')] },
  { title: 'Salatlar', is_active: true, products: [A('Achchiq-chuchuk')] },
  { title: 'Ichimliklar', is_active: true, products: [A("Ko'k choy"), A('Ayron')] },
  { title: 'Shirinliklar', is_active: false, products: [A('Chak-chak')] },
  { title: 'Nonlar', is_active: false, products: [S('Patir'), S('Tandir non')] },
  { title: 'Sovuq ichimliklar', is_active: true, products: [A('Limonad')] },
];

/** Made-up ids: `c<n>` per category, `p<n>` per product, in sample order. */
export function sampleAnswers(sample: SampleCategory[] = STOP_LIST_SAMPLE): {
  categories: StopListCategory[];
  products: StopListProduct[];
} {
  let n = 0;
  const categories: StopListCategory[] = [];
  const products: StopListProduct[] = [];
  sample.forEach((category, c) => {
    const _id = `c${c + 1}`;
    categories.push({ _id, title: category.title, is_active: category.is_active });
    for (const product of category.products) {
      products.push({ _id: `p${++n}`, name: product.name, category_id: _id, is_active: product.is_active, images: [] });
    }
  });
  return { categories, products };
}

const answers = sampleAnswers();

/** The made-up id of a sample product, by name. */
export function sampleProductId(name: string): string {
  const product = answers.products.find((p) => p.name === name);
  if (!product) throw new Error(`no sample product ${name}`);
  return product._id;
}

/** The made-up id of a sample category, by title. */
export function sampleCategoryId(title: string): string {
  const category = answers.categories.find((c) => c.title === title);
  if (!category) throw new Error(`no sample category ${title}`);
  return category._id;
}

export const sampleProductName = (id: string) => answers.products.find((p) => p._id === id)?.name ?? id;
export const sampleCategoryTitle = (id: string) => answers.categories.find((c) => c._id === id)?.title ?? id;
