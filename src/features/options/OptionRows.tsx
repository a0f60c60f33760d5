import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OptionRow } from '../../../client/options';
import type { MenuLanguage } from '../../../client/types';
import { uz } from '../../../lib/uz';
import type { optionMachine } from '../../../machines/options/option.machine';
import {
  selectRowRefs,
  selectRowsEmpty,
  selectRowsFailed,
  selectRowsLoading,
} from '../../../machines/options/options.selectors';
import { LoadError, Loading } from '../../components/LoadState';
import { RowItem } from './RowItem';

/** The rows of one option (each row its own actor), or 'Qatorlar mavjud emas'. */
export function OptionRows({
  option,
  languages = [],
  onEditRow,
}: {
  option: ActorRefFrom<typeof optionMachine>;
  /** The menu's languages (a row's badge); none on the one-option screen. */
  languages?: readonly MenuLanguage[];
  onEditRow: (row: OptionRow) => void;
}) {
  const rows = useSelector(option, selectRowRefs);
  const loading = useSelector(option, selectRowsLoading);
  const failed = useSelector(option, selectRowsFailed);
  const empty = useSelector(option, selectRowsEmpty);
  if (loading) return <Loading />;
  if (failed) return <LoadError message={uz.optLoadFailed} onRetry={() => option.send({ type: 'rows.retry' })} />;
  if (empty) return <p className="text-secondary mb-2">{uz.rowsEmpty}</p>;
  return (
    <ol className="option-rows list-unstyled mb-2">
      {rows.map((row, i) => (
        <RowItem key={row.id} actor={row} number={i + 1} languages={languages} onEdit={onEditRow} />
      ))}
    </ol>
  );
}
