import './stopList.css';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { Button } from 'react-bootstrap';
import { readRestaurantId } from '../../../client/storage';
import { uz } from '../../../lib/uz';
import type { Tab } from '../../../machines/stopList/catalog';
import { stopListMachine } from '../../../machines/stopList/stopList.machine';
import {
  selectIsBusy,
  selectIsLoading,
  selectIsMoving,
  selectList,
  selectLoadFailed,
  selectMoveFailed,
  selectQuery,
  selectSelected,
  selectTab,
  selectTabCounts,
} from '../../../machines/stopList/stopList.selectors';
import { useWorkingRestaurant } from '../../app/useWorkingRestaurant';
import { LoadError, Loading } from '../../components/LoadState';
import { useNotify } from '../../components/Toasts';
import { CategoryGroup } from './CategoryGroup';
import { MoveButton } from './MoveButton';
import { MoveFailedToast } from './MoveFailedToast';
import { StopListSearch } from './StopListSearch';
import { StopListTabs } from './StopListTabs';

/** Spec 2.11: the stop-list screen (Menyu), started again if the session settles on another working restaurant. */
export function StopListScreen() {
  return <StopListView key={useWorkingRestaurant()} />;
}

/** Renders the stop-list machine and sends it the manager's actions. */
function StopListView() {
  const notify = useNotify();
  const [logic] = useState(() => stopListMachine.provide({ actions: { notify: (_, notice) => notify(notice) } }));
  const actor = useActorRef(logic, { input: { restaurantId: readRestaurantId() } });

  const loading = useSelector(actor, selectIsLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const tab = useSelector(actor, selectTab);
  const counts = useSelector(actor, selectTabCounts);
  const query = useSelector(actor, selectQuery);
  const list = useSelector(actor, selectList);
  const selected = useSelector(actor, selectSelected);
  const moving = useSelector(actor, selectIsMoving);
  const busy = useSelector(actor, selectIsBusy);
  const moveFailed = useSelector(actor, selectMoveFailed);
  const canMove = useSelector(actor, (s) => s.can({ type: 'stopList.move' }));
  const canSwitch = useSelector(actor, (s) => tab !== null && s.can({ type: 'stopList.tab', tab: otherTab(tab) }));

  const toggleProduct = useCallback((id: string) => actor.send({ type: 'stopList.toggleProduct', id }), [actor]);
  const toggleCategory = useCallback(
    (categoryId: string) => actor.send({ type: 'stopList.toggleCategory', categoryId }),
    [actor],
  );

  return (
    <section className="screen stop-screen">
      <header className="screen-header mb-2">
        <h1 className="h4 mb-0">{uz.stopListTitle}</h1>
      </header>
      {loading && <Loading />}
      {loadFailed && (
        <LoadError message={uz.stopListLoadFailed} onRetry={() => actor.send({ type: 'stopList.retry' })} />
      )}
      {tab && (
        <>
          <div className="stop-controls">
            <StopListTabs
              tab={tab}
              counts={counts}
              canSwitch={canSwitch}
              onSwitch={(next) => actor.send({ type: 'stopList.tab', tab: next })}
            />
            <StopListSearch
              query={query}
              onSearch={(text) => actor.send({ type: 'stopList.search', query: text })}
              onClear={() => actor.send({ type: 'stopList.clearSearch' })}
            />
          </div>
          <div
            id="stop-list-panel"
            role="tabpanel"
            aria-labelledby={`stop-tab-${tab}`}
            className={`stop-panel${selected.size > 0 ? ' with-move' : ''}`}
          >
            {list.empty === 'noProducts' && <p className="stop-empty">{uz.stopListEmpty}</p>}
            {list.empty === 'noResult' && <p className="stop-empty">{uz.stopListNoResult(query.trim())}</p>}
            {list.groups.map((group) => (
              <CategoryGroup
                key={group.category._id}
                group={group}
                selected={selected}
                disabled={busy}
                onToggleCategory={toggleCategory}
                onToggleProduct={toggleProduct}
              />
            ))}
            {list.shown < list.total && (
              <Button
                variant="outline-primary"
                className="w-100 stop-more"
                onClick={() => actor.send({ type: 'stopList.showMore' })}
              >
                {uz.stopListShowMore(list.shown, list.total)}
              </Button>
            )}
          </div>
          <MoveButton
            tab={tab}
            count={selected.size}
            moving={moving}
            canMove={canMove}
            onMove={() => actor.send({ type: 'stopList.move' })}
          />
          <MoveFailedToast
            show={moveFailed}
            onRetry={() => actor.send({ type: 'stopList.move' })}
            onDismiss={() => actor.send({ type: 'stopList.dismiss' })}
          />
        </>
      )}
    </section>
  );
}

const otherTab = (tab: Tab): Tab => (tab === 'available' ? 'stopped' : 'available');
