import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { uzKitchen } from '../../../lib/uz-kitchen';
import { selectErrors, selectValues } from '../../../machines/dialog/dialog.selectors';
import { PAPER_WIDTHS } from '../../../machines/kitchenSetup/stationForm.rules';
import { FormDialog } from '../../components/dialog/FormDialog';
import { TextField } from '../../components/dialog/fields';
import { NumberField } from '../../components/dialog/NumberField';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/**
 * Add or edit a kitchen station: its name; its network printer, switched on with its address, port and paper width;
 * when orders reach it; the display's amber and red minutes. A taken name is said under the name field.
 */
export function StationDialog({ actor }: { actor: DialogActor }) {
  const printerOn = useSelector(actor, (s) => selectValues(s).printer_on === true);
  return (
    <FormDialog actor={actor} createTitle={uzKitchen.addStation} editTitle={uzKitchen.editStation}>
      <TextField
        actor={actor}
        name="name"
        label={uzKitchen.fieldStationName}
        required
        help={uzKitchen.stationNameHelp}
        autoComplete="off"
      />
      <PrinterSwitch actor={actor} />
      {printerOn && (
        <fieldset className="border rounded px-3 pt-3 pb-0 mb-3" data-testid="station-printer">
          <TextField
            actor={actor}
            name="host"
            label={uzKitchen.fieldPrinterHost}
            required
            help={uzKitchen.printerHostHelp}
            autoComplete="off"
            inputMode="text"
          />
          {/* Grid classes spelled out: the build keeps only the Bootstrap rules whose names the source spells. */}
          <div className="row g-2">
            <div className="col-sm-5">
              <NumberField actor={actor} name="port" label={uzKitchen.fieldPrinterPort} whole min={1} max={65535} />
            </div>
            <div className="col-sm-7">
              <PaperWidth actor={actor} />
            </div>
          </div>
        </fieldset>
      )}
      <PrintOnChoice actor={actor} />
      <div className="row g-2">
        <div className="col-6">
          <NumberField actor={actor} name="amber_minutes" label={uzKitchen.fieldAmberMinutes} whole min={1} max={600} />
        </div>
        <div className="col-6">
          <NumberField actor={actor} name="red_minutes" label={uzKitchen.fieldRedMinutes} whole min={1} max={600} />
        </div>
      </div>
      <p className="small text-secondary mb-0">{uzKitchen.thresholdsHelp}</p>
    </FormDialog>
  );
}

function PrinterSwitch({ actor }: { actor: DialogActor }) {
  const id = useId();
  const on = useSelector(actor, (s) => selectValues(s).printer_on === true);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Check
        type="switch"
        // Read as the on/off setting it is (Bootstrap draws a switch over a plain checkbox).
        role="switch"
        name="printer_on"
        label={uzKitchen.fieldPrinterOn}
        checked={on}
        onChange={(event) => actor.send({ type: 'dialog.change', values: { printer_on: event.target.checked } })}
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`} muted>
        {uzKitchen.printerHelp}
      </Form.Text>
    </Form.Group>
  );
}

/** 58 or 80 mm: two radio buttons in a row, the receipt printers' two sizes. */
function PaperWidth({ actor }: { actor: DialogActor }) {
  const id = useId();
  const width = useSelector(actor, (s) => selectValues(s).width);
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">{uzKitchen.fieldPaperWidth}</legend>
      <div className="d-flex gap-3 pt-1">
        {PAPER_WIDTHS.map((mm) => (
          <Form.Check
            key={mm}
            type="radio"
            id={`${id}-${mm}`}
            name="width"
            label={uzKitchen.paperWidth(mm)}
            checked={width === String(mm)}
            onChange={() => actor.send({ type: 'dialog.change', values: { width: String(mm) } })}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** When an order reaches the station (its display and its printer): as soon as it is placed, or once accepted. */
function PrintOnChoice({ actor }: { actor: DialogActor }) {
  const id = useId();
  const value = useSelector(actor, (s) => selectValues(s).print_on);
  const error = useSelector(actor, (s) => selectErrors(s).print_on);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{uzKitchen.fieldPrintOn}</Form.Label>
      <Form.Select
        name="print_on"
        value={value === 'accepted' ? 'accepted' : 'placed'}
        onChange={(event) => actor.send({ type: 'dialog.change', values: { print_on: event.target.value } })}
        isInvalid={Boolean(error)}
        aria-describedby={`${id}-help`}
      >
        <option value="placed">{uzKitchen.printOnPlaced}</option>
        <option value="accepted">{uzKitchen.printOnAccepted}</option>
      </Form.Select>
      <Form.Text id={`${id}-help`} muted>
        {uzKitchen.printOnHelp}
      </Form.Text>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
