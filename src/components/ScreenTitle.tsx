import { useActorRef, useSelector } from '@xstate/react';
import type { PromiseActorLogic } from 'xstate';

/**
 * A screen's title with what it is about under it ('Mahsulotlar' / 'Kategoriya: Salatlar'), so a
 * manager who came from a link or a bookmark sees which category, product or restaurant the screen works on. The
 * spec's title stays the heading as given.
 */
export function ScreenTitle({ title, label, name }: { title: string; label: string; name: string | null }) {
  return (
    <div style={{ minWidth: 0 }}>
      <h1 className="h3 mb-0">{title}</h1>
      {name && (
        <p className="screen-context text-secondary small mb-0" data-testid="screen-context">
          {label}: <strong>{name}</strong>
        </p>
      )}
    </div>
  );
}

/**
 * Runs a name-loading actor (`machines/<feature>/*.actors.ts`) for the screen's title: its name once loaded, null
 * before and when it cannot be read (the screen's own load reports failures; the title then stays without it).
 */
export function useLoadedName<TInput>(logic: PromiseActorLogic<string | null, TInput>, input: TInput): string | null {
  const actor = useActorRef(logic, { input }, { error: () => {} });
  return useSelector(actor, (s) => (s.status === 'done' ? (s.output ?? null) : null));
}
