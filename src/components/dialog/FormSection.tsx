import './formSection.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { uzDishFacts } from '../../../lib/uz-dish-facts';

/**
 * A folded part of a form: a native `<details>` (opened by tap, keyboard and screen reader alike), whose summary
 * says what it holds, so a closed section still tells the manager what is set. It opens itself when one of its fields
 * gets an error, so a refused save never hides the reason in a closed section.
 */
export function FormSection({
  title,
  summary,
  hasErrors,
  children,
  testId,
}: {
  title: string;
  /** One line under the title: what the section holds now. */
  summary: string;
  hasErrors: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (hasErrors && ref.current) ref.current.open = true;
  }, [hasErrors]);
  return (
    <details ref={ref} className="form-section mb-3" data-testid={testId}>
      <summary>
        <span className="fw-semibold">{title}</span>
        {hasErrors && <span className="badge text-bg-danger ms-2">{uzDishFacts.sectionHasErrors}</span>}
        <span className="form-section-line small text-secondary">{summary}</span>
      </summary>
      {children}
    </details>
  );
}
