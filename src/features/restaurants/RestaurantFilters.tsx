import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { uz } from '../../../lib/uz';
import type { restaurantListMachine, TypeFilter } from '../../../machines/restaurants/restaurantList.machine';
import {
  selectQuery,
  selectStatusFilter,
  selectTypeFilter,
} from '../../../machines/restaurants/restaurantList.selectors';
import type { StatusFilter } from '../../../machines/shared/listQuery';
import { ListFilters, statusChoices } from '../../components/ListFilters';

/** The types as the table names them (spec 2.5: Oddiy, Integratsiya). */
const typeChoices: Array<{ value: TypeFilter; label: string }> = [
  { value: 'all', label: uz.filterAll },
  { value: 'manual', label: uz.typeManual },
  { value: 'integration', label: uz.typeIntegration },
];

/** The restaurant list's search (name, slug, phone) and its status and type filters. */
export function RestaurantFilters({ list, busy }: { list: ActorRefFrom<typeof restaurantListMachine>; busy: boolean }) {
  const query = useSelector(list, selectQuery);
  const status = useSelector(list, selectStatusFilter);
  const type = useSelector(list, selectTypeFilter);
  return (
    <ListFilters
      searchLabel={uz.searchRestaurants}
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
        {
          label: uz.colType,
          value: type,
          choices: typeChoices,
          onChange: (value) => list.send({ type: 'filter.type', value: value as TypeFilter }),
        },
      ]}
    />
  );
}
