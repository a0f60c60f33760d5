import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectDisplay, selectDisplayFailed, selectUnpaired } from '../../../machines/kitchen/kitchenPairing.selectors';
import { KitchenDisplay } from './KitchenDisplay';
import { kitchenTexts } from './kitchenTexts';
import { PairingForm } from './PairingForm';
import { useKitchen } from './useKitchen';
import './kitchen.css';

/**
 * /kitchen: the kitchen's wall tablet. Not paired, it asks for the panel's six-digit code; paired, it is the station's
 * display (the pairing machine's `display` child). No panel session is needed or used.
 *
 * Its screens use plain elements with Bootstrap's classes, not react-bootstrap: the build splits react-bootstrap by
 * the screens that use each part, and one more screen using its buttons split /login's share into more chunks (more
 * bytes for every login; tests/e2e/panel-split.spec.ts).
 */
export function KitchenScreen() {
  const kitchen = useKitchen();
  const unpaired = useSelector(kitchen, selectUnpaired);
  const failed = useSelector(kitchen, selectDisplayFailed);
  const display = useSelector(kitchen, selectDisplay);
  useDocumentTitle(kitchenTexts.documentTitle);

  return (
    <main className="kitchen">
      {unpaired && <PairingForm actor={kitchen} />}
      {failed && (
        <div className="kitchen-center" role="alert">
          <p className="fs-4">{kitchenTexts.displayFailed}</p>
          <button
            type="button"
            className="btn btn-primary btn-lg"
            onClick={() => kitchen.send({ type: 'kitchen.retry' })}
          >
            {kitchenTexts.retry}
          </button>
        </div>
      )}
      {display && <KitchenDisplay actor={display} />}
    </main>
  );
}

/** The tab's title while the screen is open (the panel's own comes back after). */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
