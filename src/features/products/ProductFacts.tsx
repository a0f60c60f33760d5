import { Badge } from 'react-bootstrap';
import type { Product } from '../../../client/products';
import { uzDishFacts } from '../../../lib/uz-dish-facts';
import { allergenNames, factsLine, tagNames } from '../../../machines/products/dishFacts.selectors';
import { scheduleText } from '../../../machines/shared/schedule.selectors';
import { ScheduleMark } from '../../components/ScheduleMark';

/**
 * A product's facts in one short line of the manager's list: "350 g · 420 kkal · Biroz achchiq", its tags as small
 * badges, and a clock with the hours when it is served only then ("Du–Ju 12:00–15:00"). Nothing when none is set.
 */
export function ProductFacts({ product }: { product: Product }) {
  const line = factsLine(product);
  const tags = tagNames(product.tags);
  const schedule = scheduleText(product.schedule);
  if (!line && tags.length === 0 && !schedule) return null;
  return (
    <div className="product-facts small" data-testid={`product-facts-${product._id}`}>
      {line && <span className="text-secondary text-nowrap">{line}</span>}
      {tags.map((tag) => (
        <Badge key={tag} bg="light" text="dark" className="border fw-normal">
          {tag}
        </Badge>
      ))}
      <ScheduleMark schedule={product.schedule} />
    </div>
  );
}

/** The product page's rows of its facts: only those that are set (allergens by name, the hours it is served). */
export function ProductFactsRows({ product }: { product: Product }) {
  const line = factsLine(product);
  const tags = tagNames(product.tags);
  const allergens = allergenNames(product.allergens);
  const schedule = scheduleText(product.schedule);
  return (
    <>
      {(line || tags.length > 0) && (
        <>
          <dt>{uzDishFacts.factsSection}</dt>
          <dd className="fw-normal" data-testid="product-detail-facts">
            {[line, tags.join(', ')].filter(Boolean).join(' · ')}
          </dd>
        </>
      )}
      {allergens.length > 0 && (
        <>
          <dt>{uzDishFacts.allergens}</dt>
          <dd className="fw-normal">{allergens.join(', ')}</dd>
        </>
      )}
      {schedule && (
        <>
          <dt>{uzDishFacts.scheduleSection}</dt>
          <dd className="fw-normal">{schedule}</dd>
        </>
      )}
    </>
  );
}
