import type { Db } from '../db/client';
import type { RunWork } from './unit-of-work';

/** What a use case needs: the database for reads outside a transaction, and the unit of work for its writes. */
export interface DomainDeps {
  db: Db;
  work: RunWork;
}
