import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, getInitialSnapshot, getNextSnapshot } from 'xstate';
import { coverage, generatePaths, type PathModel } from '../support/paths';
import { categoryDialogModel, reorderModel } from '../ui/models/category.model';
import { optionCardModel, optionRowsScreenModel } from '../ui/models/option.model';
import { restaurantDialogModel } from '../ui/models/restaurantDialog.model';
import { restaurantListModel } from '../ui/models/restaurantList.model';

/**
 * What the screens' plans (tests/ui/models) must reach, so the UI walks check it on the rendered screen: a model
 * that filtered it out again would leave its check unused, with nothing failing.
 */

const reached = (model: PathModel<AnyStateMachine>) => coverage(model, generatePaths(model)).states;

describe('the UI plans reach what their screens show', () => {
  it.each([
    ['restaurantDialog', restaurantDialogModel, []],
    // The category modal loads nothing: it cannot fail to.
    ['categoryDialog', categoryDialogModel, ['open.flow.loadFailed']],
  ] as const)('%s: every state of the dialog, each language tab included', (_name, model, never) => {
    const states = reached(model as PathModel<AnyStateMachine>);
    expect(states.covered).toEqual(expect.arrayContaining(['open.tab.uzCyrl', 'open.tab.ru', 'open.tab.en']));
    expect(states.all.filter((state) => !states.covered.includes(state))).toEqual(never);
  });

  it.each([
    ['restaurantDialog', restaurantDialogModel],
    ['categoryDialog', categoryDialogModel],
  ] as const)('%s: the tabs are walked on one path, not with every other step', (_name, model) => {
    const paths = generatePaths(model as PathModel<AnyStateMachine>);
    expect(paths.filter((path) => path.steps.some((step) => step.event.type === 'dialog.tab'))).toHaveLength(1);
  });

  it('restaurantList: every state, and a search that fails with the rows shown (they stay, with what was typed)', () => {
    const states = reached(restaurantListModel);
    expect([...states.covered].sort()).toEqual([...states.all].sort());
    const machine = restaurantListModel.machine;
    const failedSearch = generatePaths(restaurantListModel).some((path) => {
      let s = getInitialSnapshot(machine);
      return path.steps.slice(1).some((step) => {
        s = getNextSnapshot(machine, s, step.event as never);
        return s.matches({ data: 'failed' }) && s.context.query !== '' && s.context.restaurants.length > 0;
      });
    });
    expect(failedSearch).toBe(true);
  });

  it('reorder: every state, dragging included', () => {
    const states = reached(reorderModel);
    expect(states.covered).toContain('drag.dragging');
    expect(states.all.filter((state) => !states.covered.includes(state))).toEqual([]);
  });

  it("option card: its two screens together reach every state (the rows' load only on the rows screen)", () => {
    const onList = reached(optionCardModel);
    const onRowsScreen = reached(optionRowsScreenModel);
    expect(onRowsScreen.covered).toEqual(expect.arrayContaining(['rows.loading', 'rows.failed']));
    const covered = new Set([...onList.covered, ...onRowsScreen.covered]);
    expect(onList.all.filter((state) => !covered.has(state))).toEqual([]);
  });
});
