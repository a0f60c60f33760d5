import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRef, AnyMachineSnapshot } from 'xstate';
import { uz } from '../../lib/uz';
import type { ConfirmDeleteRef } from '../../machines/shared/confirmDelete.machine';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError, Loading } from './LoadState';
import { RangePager } from './RangePager';
import { useDeleting } from './useDeleting';

/** What the screen reads from a server-paged list machine (machines/shared/listRegion.ts, deleteRegion.ts). */
export interface PagedListSelectors<TSnapshot, TRow> {
  /** Loading with nothing on screen yet: the spinner. */
  isFirstLoad: (s: TSnapshot) => boolean;
  loadFailed: (s: TSnapshot) => boolean;
  /** Loaded, and no row at all. */
  isEmpty: (s: TSnapshot) => boolean;
  /** Loaded, and the search or filters match nothing. */
  nothingFound: (s: TSnapshot) => boolean;
  /** Rows are on screen (after a failed reload too: the last loaded rows stay). */
  hasRows: (s: TSnapshot) => boolean;
  range: (s: TSnapshot) => { first: number; last: number; total: number };
  /** The row the delete question is open for. */
  deleteTarget: (s: TSnapshot) => TRow | null;
  confirmDelete: (s: TSnapshot) => ConfirmDeleteRef | undefined;
}

/** The events the screen itself sends: the pager and the delete question's answers. */
export type PagedListEvent =
  | { type: 'page.prev' }
  | { type: 'page.next' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

interface PagedListScreenProps<TSnapshot extends AnyMachineSnapshot, TRetry extends { type: string }, TRow> {
  list: ActorRef<TSnapshot, PagedListEvent | TRetry>;
  select: PagedListSelectors<TSnapshot, TRow>;
  title: string;
  /** The header's buttons (add…). */
  actions?: ReactNode;
  /** Between the header and the list: counters, the search and the filters. */
  toolbar?: ReactNode;
  /** The load error's text and its 'Qayta urinish' event. */
  loadFailedText: string;
  retry: TRetry;
  emptyText: string;
  /** The table of the rows shown (rendered while there are rows). */
  children: ReactNode;
  /** The delete question's text for the row asked about. */
  deleteQuestion: (row: TRow) => ReactNode;
  /** The screen's other dialogs (add / edit, other questions). */
  dialogs?: ReactNode;
}

const sameRange = (a: { first: number; last: number; total: number }, b: typeof a) =>
  a.first === b.first && a.last === b.last && a.total === b.total;

/**
 * An admin list the server pages (restaurants, managers): the header, the first load's spinner, the
 * load error with 'Qayta urinish', the empty and nothing-found texts, the rows with "11–20 / jami 23" and previous /
 * next, and the delete question (Ha / Yo‘q) that waits while the call runs. Each screen gives its table, its texts
 * and its other dialogs.
 */
export function PagedListScreen<TSnapshot extends AnyMachineSnapshot, TRetry extends { type: string }, TRow>({
  list,
  select,
  title,
  actions,
  toolbar,
  loadFailedText,
  retry,
  emptyText,
  children,
  deleteQuestion,
  dialogs,
}: PagedListScreenProps<TSnapshot, TRetry, TRow>) {
  const firstLoad = useSelector(list, select.isFirstLoad);
  const failed = useSelector(list, select.loadFailed);
  const empty = useSelector(list, select.isEmpty);
  const nothingFound = useSelector(list, select.nothingFound);
  const hasRows = useSelector(list, select.hasRows);
  const range = useSelector(list, select.range, sameRange);
  const canPrev = useSelector(list, (s) => s.can({ type: 'page.prev' }));
  const canNext = useSelector(list, (s) => s.can({ type: 'page.next' }));
  const deleteTarget = useSelector(list, select.deleteTarget);
  const deleting = useDeleting(useSelector(list, select.confirmDelete));

  return (
    <section className="screen">
      <header className="screen-header">
        <h1 className="h3 mb-0">{title}</h1>
        {actions}
      </header>
      {toolbar}
      {failed && <LoadError message={loadFailedText} onRetry={() => list.send(retry)} />}
      {/* With rows on screen the search box says it is loading (nothing moves under the thumb). */}
      {firstLoad && <Loading />}
      {empty && <p className="text-secondary text-center py-4">{emptyText}</p>}
      {nothingFound && <p className="text-secondary text-center py-4">{uz.nothingFound}</p>}
      {/* After a failed reload the last loaded rows stay: a running change or delete stays visible. */}
      {hasRows && (
        <>
          {children}
          <RangePager
            range={range}
            canPrev={canPrev}
            canNext={canNext}
            onPrev={() => list.send({ type: 'page.prev' })}
            onNext={() => list.send({ type: 'page.next' })}
          />
        </>
      )}
      <ConfirmDialog
        show={deleteTarget !== null}
        title={uz.confirmDeleteTitle}
        busy={deleting}
        onConfirm={() => list.send({ type: 'confirm.yes' })}
        onCancel={() => list.send({ type: 'confirm.no' })}
      >
        {deleteTarget ? deleteQuestion(deleteTarget) : null}
      </ConfirmDialog>
      {dialogs}
    </section>
  );
}
