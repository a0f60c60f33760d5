import type { ReactNode } from 'react';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { TouchBackend } from 'react-dnd-touch-backend';

/** Phones and tablets get touch dragging (HTML5 drag events do not fire on touch screens); the rest HTML5. */
const touchFirst = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(pointer: coarse)').matches;

/** The react-dnd context of a reorderable list (spec 2.8 / 2.9: drag handles). */
export function SortableProvider({ children }: { children: ReactNode }) {
  return touchFirst() ? (
    <DndProvider backend={TouchBackend} options={{ delayTouchStart: 120 }}>
      {children}
    </DndProvider>
  ) : (
    <DndProvider backend={HTML5Backend}>{children}</DndProvider>
  );
}
