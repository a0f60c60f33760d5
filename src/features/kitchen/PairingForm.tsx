import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { CODE_LENGTH } from '../../../machines/kitchen/kitchenPairing.machine';
import { selectCode, selectNotice, selectPairing } from '../../../machines/kitchen/kitchenPairing.selectors';
import { kitchenTexts } from './kitchenTexts';
import type { KitchenActor } from './useKitchen';

/** "Oshxona ekranini ulash": the six digits from the panel, "Ulash", and why the last try (or the display) ended. */
export function PairingForm({ actor }: { actor: KitchenActor }) {
  const code = useSelector(actor, selectCode);
  const pairing = useSelector(actor, selectPairing);
  const notice = useSelector(actor, selectNotice);
  const canPair = useSelector(actor, (s) => s.can({ type: 'kitchen.pair' }));
  const fieldId = useId();
  const noticeId = useId();

  return (
    <div className="kitchen-center">
      <form
        className="kitchen-pair"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'kitchen.pair' });
        }}
      >
        <h1 className="kitchen-pair-title">{kitchenTexts.pairTitle}</h1>
        <label htmlFor={fieldId} className="kitchen-pair-label">
          {kitchenTexts.pairCodeLabel}
        </label>
        <input
          id={fieldId}
          className="form-control kitchen-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          // biome-ignore lint/a11y/noAutofocus: the screen's one field, on a tablet set up for this alone
          autoFocus
          maxLength={CODE_LENGTH}
          placeholder="••••••"
          value={code}
          readOnly={pairing}
          aria-invalid={notice !== undefined}
          aria-describedby={notice !== undefined ? noticeId : undefined}
          onChange={(event) => actor.send({ type: 'kitchen.code', value: event.target.value })}
        />
        {notice !== undefined && (
          <div id={noticeId} className="alert alert-danger mb-0" role="alert">
            {notice ?? kitchenTexts.pairFailed}
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={!canPair}>
          {pairing ? (
            <>
              <span className="spinner-border spinner-border-sm" aria-hidden="true" /> {kitchenTexts.pairing}
            </>
          ) : (
            kitchenTexts.pairButton
          )}
        </button>
        <p className="kitchen-pair-help">{kitchenTexts.pairHelp}</p>
      </form>
    </div>
  );
}
