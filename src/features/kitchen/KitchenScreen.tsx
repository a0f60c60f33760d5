import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Button } from 'react-bootstrap';
import { selectDisplay, selectDisplayFailed, selectUnpaired } from '../../../machines/kitchen/kitchenPairing.selectors';
import { KitchenDisplay } from './KitchenDisplay';
import { kitchenTexts } from './kitchenTexts';
import { PairingForm } from './PairingForm';
import { useKitchen } from './useKitchen';
import './kitchen.css';

/**
 * /kitchen: the kitchen's wall tablet. Not paired, it asks for the panel's six-digit code; paired, it is the station's
 * display (the pairing machine's `display` child). No panel session is needed or used.
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
          <Button size="lg" onClick={() => kitchen.send({ type: 'kitchen.retry' })}>
            {kitchenTexts.retry}
          </Button>
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
