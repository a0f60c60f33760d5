interface Counter {
  label: string;
  value: number;
  tone: 'primary' | 'success' | 'danger';
}

/** A row of counter cards (Jami / Faol / No faol). */
export function Counters({ items }: { items: Counter[] }) {
  return (
    <ul className="counters list-unstyled d-flex gap-2 mb-3" aria-label="counters">
      {items.map((item) => (
        <li key={item.label} className={`counter border-${item.tone}`} data-testid={`counter-${item.label}`}>
          <span className="counter-label">{item.label}</span>
          <strong className={`counter-value text-${item.tone}`}>{item.value}</strong>
        </li>
      ))}
    </ul>
  );
}
