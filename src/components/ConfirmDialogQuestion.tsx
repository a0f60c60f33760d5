import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { type ConfirmDeleteRef, deleteDetails } from '../../machines/shared/confirmDelete.machine';

/**
 * The body of a delete question: the spec's question first, as given, then what is deleted and what
 * goes with it, so nobody deletes a category thinking only its title goes.
 */
export function DeleteQuestion({ question, what }: { question: string; what: string }) {
  return (
    <>
      <p className="fw-semibold mb-2">{question}</p>
      <p className="mb-0" data-testid="delete-what">
        {what}
      </p>
    </>
  );
}

/**
 * The same, with the number the screen's confirm-delete child counted while the question is open (a category's
 * products, a product's options): `what(null)` until the count answers, or when it failed.
 */
export function CountedDeleteQuestion({
  of,
  question,
  what,
}: {
  /** The screen's machine: its `confirmDelete` child counts. */
  of: AnyActorRef;
  question: string;
  what: (count: number | null) => string;
}) {
  const cycle = useSelector(of, (s) => s.children?.confirmDelete as ConfirmDeleteRef | undefined);
  const count = useSelector(cycle, deleteDetails);
  return <DeleteQuestion question={question} what={what(count)} />;
}
