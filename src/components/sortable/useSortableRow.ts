import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { useDrag, useDrop } from 'react-dnd';
import type { ActorRefFrom } from 'xstate';
import type { reorderMachine } from '../../../machines/reorder/reorder.machine';

type ReorderRef = ActorRefFrom<typeof reorderMachine>;

/** Spec 9: rows slide to their new place in 150 ms. */
export const DRAG_ANIMATION_MS = 150;

interface DragItem {
  id: string;
}

/**
 * One row of a reorderable list: the row is the drop target and the drag preview, the handle starts the drag
 * (react-dnd) and, focused, moves the row one place with ↑ / ↓. Every move is an event of the list's reorder
 * machine; this hook only translates pointer and keys into them, and animates the row to its new place (FLIP).
 */
export function useSortableRow(type: string, id: string, reorder: ReorderRef | undefined, disabled = false) {
  const rowRef = useRef<HTMLLIElement | null>(null);
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const index = useSelector(reorder, (s) => s?.context.ids.indexOf(id) ?? -1);

  const [{ isDragging }, drag, preview] = useDrag<DragItem, unknown, { isDragging: boolean }>(
    () => ({
      type,
      canDrag: () => !disabled && reorder !== undefined,
      item: () => {
        reorder?.send({ type: 'reorder.start', id });
        return { id };
      },
      end: (_item, monitor) => reorder?.send(monitor.didDrop() ? { type: 'reorder.drop' } : { type: 'reorder.cancel' }),
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [type, id, reorder, disabled],
  );

  const [, drop] = useDrop<DragItem>(
    () => ({
      accept: type,
      hover: (item, monitor) => {
        if (!reorder || item.id === id || !rowRef.current) return;
        const ids = reorder.getSnapshot().context.ids;
        const from = ids.indexOf(item.id);
        const to = ids.indexOf(id);
        const pointer = monitor.getClientOffset();
        if (from < 0 || to < 0 || !pointer) return;
        // Only once the pointer passes the middle of the row: no flicker between two rows of different heights.
        const rect = rowRef.current.getBoundingClientRect();
        const middle = rect.top + rect.height / 2;
        if ((from < to && pointer.y < middle) || (from > to && pointer.y > middle)) return;
        reorder.send({ type: 'reorder.move', id: item.id, overId: id });
      },
      drop: () => ({ id }),
    }),
    [type, id, reorder],
  );

  // FLIP: after a reorder the row starts where it was and slides to its new place.
  const lastTop = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the row's place in the order changes
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const top = row.getBoundingClientRect().top;
    const previous = lastTop.current;
    lastTop.current = top;
    if (previous === null || previous === top || isDragging) return;
    row.style.transition = 'none';
    row.style.transform = `translateY(${previous - top}px)`;
    void row.offsetHeight;
    row.style.transition = `transform ${DRAG_ANIMATION_MS}ms ease`;
    row.style.transform = '';
  }, [index]);

  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!reorder || disabled) return;
    const delta = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    reorder.send({ type: 'reorder.step', id, delta });
    // The row moved in the DOM: keep the keyboard on its handle.
    requestAnimationFrame(() => handleRef.current?.focus());
  };

  return {
    rowRef: (node: HTMLLIElement | null) => {
      rowRef.current = node;
      preview(drop(node));
    },
    handleRef: (node: HTMLButtonElement | null) => {
      handleRef.current = node;
      drag(node);
    },
    isDragging,
    onHandleKeyDown,
  };
}
