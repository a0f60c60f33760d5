import type { SnapshotFrom } from 'xstate';
import type { dialogMachine } from '../dialog/dialog.machine';
import type { TerminalGroupsOption } from './terminalGroups.rules';

type DialogSnapshot = SnapshotFrom<typeof dialogMachine>;

/**
 * A restaurant form's POS terminal groups, from its loaded options (`terminalGroups`, see terminalGroups.rules):
 * null while loading and for a new or manual restaurant.
 */
export function selectTerminalGroups(s: DialogSnapshot): TerminalGroupsOption {
  const options = s.context.options as { terminalGroups?: TerminalGroupsOption } | null;
  return options?.terminalGroups ?? null;
}
