import type { SyncCounts } from '../../../repositories/sync-runs';

/** What a sync changed, by id: each item is counted once, created before deactivated before updated. */
export class Tally {
  private readonly created = new Set<string>();
  private readonly updated = new Set<string>();
  private readonly deactivated = new Set<string>();
  create(id: string) {
    this.created.add(id);
  }
  update(id: string) {
    this.updated.add(id);
  }
  deactivate(id: string) {
    this.deactivated.add(id);
  }
  counts(): SyncCounts {
    const deactivated = [...this.deactivated].filter((id) => !this.created.has(id));
    const updated = [...this.updated].filter((id) => !this.created.has(id) && !this.deactivated.has(id));
    return { created: this.created.size, updated: updated.length, deactivated: deactivated.length };
  }
}
