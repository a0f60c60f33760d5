import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { uz } from '../../../lib/uz';
import type { managersMachine } from '../../../machines/managers/managers.machine';
import { selectQuery, selectStatusFilter } from '../../../machines/managers/managers.selectors';
import type { StatusFilter } from '../../../machines/shared/listQuery';
import { ListFilters, statusChoices } from '../../components/ListFilters';

/** The managers' search (the login) and status filter. */
export function ManagerFilters({ list, busy }: { list: ActorRefFrom<typeof managersMachine>; busy: boolean }) {
  const query = useSelector(list, selectQuery);
  const status = useSelector(list, selectStatusFilter);
  return (
    <ListFilters
      searchLabel={uz.searchManagers}
      busy={busy}
      query={query}
      onQuery={(value) => list.send({ type: 'search.change', value })}
      filters={[
        {
          label: uz.colStatus,
          value: status,
          choices: statusChoices,
          onChange: (value) => list.send({ type: 'filter.status', value: value as StatusFilter }),
        },
      ]}
    />
  );
}
