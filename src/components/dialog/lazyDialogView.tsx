import { useSelector } from '@xstate/react';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { selectIsOpen } from '../../../machines/dialog/dialog.selectors';
import type { DialogActor } from './useDialogActor';

interface LoadFailedProps {
  onClose: () => void;
  children: ReactNode;
}

/**
 * The form's code could not be fetched (the connection dropped): said in Uzbek instead of an empty screen. "Qayta
 * urinish" loads the page again (as a screen that failed to load does: a module that failed once is not fetched again
 * by the browser until then); "Yopish" closes the dialog's machine, so the screen behind it goes on working.
 */
class LoadFailed extends Component<LoadFailedProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  close = () => {
    this.setState({ failed: false });
    this.props.onClose();
  };
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Modal show onHide={this.close} centered>
        <Modal.Body role="alert">{uzCatalog.formLoadFailed}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={this.close}>
            {uz.close}
          </Button>
          <Button variant="primary" onClick={() => window.location.reload()}>
            {uz.retry}
          </Button>
        </Modal.Footer>
      </Modal>
    );
  }
}

/**
 * A dialog whose view is its own chunk, fetched when its machine is first opened: a list screen's first load neither
 * downloads nor runs the forms it does not show (the restaurant form with its language tabs, image upload and POS
 * fields is a third of the restaurant list's code). The machine is created with the screen as before, so the dialog's
 * workflow does not change; only its view arrives on the first "dialog.open" (usually from the cache: the session's
 * prefetch fetches the screens that import the same view) and then stays mounted, so closing animates as before.
 */
export function lazyDialogView<P extends { actor: DialogActor }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded = false;
  const View = lazy(() =>
    load().then((view) => {
      loaded = true;
      return { default: view };
    }),
  );
  return function LazyDialogView(props: P) {
    const open = useSelector(props.actor, selectIsOpen);
    // Before the first opening nothing is fetched; once loaded the view stays mounted (a closed Modal renders
    // nothing); a view that failed to load is not asked for again until the dialog is opened again.
    if (!open && !loaded) return null;
    return (
      <LoadFailed onClose={() => props.actor.send({ type: 'dialog.close' })}>
        <Suspense fallback={null}>
          <View {...props} />
        </Suspense>
      </LoadFailed>
    );
  };
}
