import { uzInsights } from '../../../lib/uz-insights';
import type { Figure } from '../../../machines/insights/report.rules';

/** The headline figures of the period, each a label and its value (an amount with its currency on one line). */
export function Figures({ figures }: { figures: Figure[] }) {
  return (
    <section aria-label={uzInsights.figures} className="mb-3">
      <dl className="insights-figures mb-0">
        {figures.map((figure) => (
          <div key={figure.key} className="insights-figure" data-testid={`figure-${figure.key}`}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
