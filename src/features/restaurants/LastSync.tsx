import type { SyncRun } from '../../../client/types';
import { uz } from '../../../lib/uz';

/** The last recorded sync of an integration restaurant — when, how it ended and what it changed. */
export function LastSync({ run }: { run: SyncRun | null }) {
  if (!run) return <span className="text-secondary">{uz.neverSynced}</span>;
  const when = new Date(run.finished_at ?? run.started_at).toLocaleString('uz-UZ', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  if (run.result === 'running') return <span>{uz.syncRunning}</span>;
  if (run.result === 'error') {
    return (
      <span className="text-danger">
        {when} — {uz.syncResultError}
        {run.error ? `: ${run.error}` : ''}
      </span>
    );
  }
  return (
    <span>
      {when} — {uz.syncResultOk(run.created, run.updated, run.deactivated)}
    </span>
  );
}
