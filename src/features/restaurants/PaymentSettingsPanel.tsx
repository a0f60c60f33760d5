import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { Badge, Button, Card, Form, Spinner } from 'react-bootstrap';
import { useLocation } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { uzPayments } from '../../../lib/uz-payments';
import {
  type PaymentSettingsActor,
  paymentSettingsMachine,
} from '../../../machines/restaurants/paymentSettings.machine';
import type { KeyField, PaymentForm } from '../../../machines/restaurants/paymentSettings.rules';
import {
  selectFieldErrors,
  selectHasForm,
  selectIsLoading,
  selectIsSaving,
  selectKeyState,
  selectLoadFailed,
  selectSaveResult,
  selectUnsaved,
  selectValues,
} from '../../../machines/restaurants/paymentSettings.selectors';

/**
 * The restaurant page's "To'lovlar" (admins and the owning manager): Payme and Click, each switched on or off with its
 * merchant data and write-only keys (Payme also with its receipt's codes for the service charge and the tip), the
 * service charge and the VAT percent, saved as one change (the
 * paymentSettings machine, which lives as long as the section). The server's refusal is shown under the form.
 */
export function PaymentSettingsPanel({ restaurantId }: { restaurantId: string }) {
  const titleId = useId();
  const payments = useActorRef(paymentSettingsMachine, { input: { restaurantId } });
  const loading = useSelector(payments, selectIsLoading);
  const loadFailed = useSelector(payments, selectLoadFailed);
  const hasForm = useSelector(payments, selectHasForm);
  const saving = useSelector(payments, selectIsSaving);
  const unsaved = useSelector(payments, selectUnsaved);
  const error = useSelector(payments, (s) => s.context.error);
  const result = useSelector(payments, selectSaveResult, (a, b) => a?.ok === b?.ok && a?.message === b?.message);
  const tone = saving ? 'text-secondary' : result ? (result.ok ? 'text-success' : 'text-danger') : '';
  useScrolledTo(PAYMENTS_ANCHOR, hasForm);

  return (
    <Card
      as="section"
      className="shadow-sm"
      aria-labelledby={titleId}
      id={PAYMENTS_ANCHOR}
      data-testid="payment-settings"
    >
      <Card.Body>
        <h2 id={titleId} className="h5">
          {uzPayments.paymentsTitle}
        </h2>
        <p className="small text-secondary mb-3">{uzPayments.paymentsAbout}</p>
        {loading && <p className="small text-secondary mb-0">{uz.loadingUz}</p>}
        {loadFailed && (
          <div className="text-danger small">
            <p className="mb-2">{error}</p>
            <Button variant="outline-primary" size="sm" onClick={() => payments.send({ type: 'payments.retry' })}>
              {uz.retry}
            </Button>
          </div>
        )}
        {hasForm && (
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              payments.send({ type: 'payments.save' });
            }}
          >
            <fieldset className="border rounded p-3 mb-3" disabled={saving}>
              <legend className="h6 float-none w-auto px-1 mb-2">{uzPayments.paymeTitle}</legend>
              <Switch actor={payments} name="payme_enabled" label={uzPayments.paymeEnabled} />
              <TextInput
                actor={payments}
                name="payme_merchant_id"
                label={uzPayments.paymeMerchantId}
                help={uzPayments.paymeMerchantIdHelp}
              />
              <KeyInput actor={payments} name="payme_key" label={uzPayments.paymeKey} />
              <KeyInput actor={payments} name="payme_test_key" label={uzPayments.paymeTestKey} />
              <Switch actor={payments} name="payme_test_mode" label={uzPayments.paymeTestMode} />
              <ReceiptCodes actor={payments} />
            </fieldset>
            <fieldset className="border rounded p-3 mb-3" disabled={saving}>
              <legend className="h6 float-none w-auto px-1 mb-2">{uzPayments.clickTitle}</legend>
              {/* Grid classes spelled out: the build keeps only the Bootstrap rules whose names the source spells. */}
              <Switch actor={payments} name="click_enabled" label={uzPayments.clickEnabled} />
              <div className="row g-2">
                <div className="col-sm-4">
                  <TextInput actor={payments} name="click_service_id" label={uzPayments.clickServiceId} numeric />
                </div>
                <div className="col-sm-4">
                  <TextInput actor={payments} name="click_merchant_id" label={uzPayments.clickMerchantId} numeric />
                </div>
                <div className="col-sm-4">
                  <TextInput
                    actor={payments}
                    name="click_merchant_user_id"
                    label={uzPayments.clickMerchantUserId}
                    numeric
                  />
                </div>
              </div>
              <KeyInput actor={payments} name="click_secret_key" label={uzPayments.clickSecretKey} />
            </fieldset>
            <div className="row g-2">
              <div className="col-sm-6">
                <TextInput
                  actor={payments}
                  name="service_percent"
                  label={uzPayments.servicePercent}
                  help={uzPayments.servicePercentHelp}
                  numeric
                  disabled={saving}
                />
              </div>
              <div className="col-sm-6">
                <TextInput
                  actor={payments}
                  name="vat_percent"
                  label={uzPayments.vatPercent}
                  help={uzPayments.vatPercentHelp}
                  numeric
                  disabled={saving}
                />
              </div>
            </div>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <Button type="submit" variant="primary" disabled={saving} aria-busy={saving || undefined}>
                {saving && <Spinner size="sm" className="me-1" aria-hidden />}
                {uz.save}
              </Button>
              {unsaved && !saving && <span className="small text-warning-emphasis">{uzPayments.paymentsUnsaved}</span>}
            </div>
          </Form>
        )}
        {/* Always in the page, so that a screen reader hears each result as it arrives. */}
        <div role="status" className={`small mt-2 ${tone}`} data-testid="payment-settings-result">
          {saving ? uzPayments.paymentsSaving : result?.message}
        </div>
      </Card.Body>
    </Card>
  );
}

/** The section's anchor: the manager's restaurant card leads to `/viewRestaurant/{id}#payments`. */
export const PAYMENTS_ANCHOR = 'payments';

/**
 * A link to the section (`#payments`) shows it once its form is there: the browser's own jump happens before the
 * page above it has loaded, so it would land elsewhere.
 */
function useScrolledTo(anchor: string, ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || hash !== `#${anchor}`) return;
    done.current = true;
    document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
  }, [anchor, hash, ready]);
}

type TextName = {
  [K in keyof PaymentForm]: PaymentForm[K] extends string ? K : never;
}[keyof PaymentForm];
type SwitchName = Exclude<keyof PaymentForm, TextName>;

interface FieldProps<N> {
  actor: PaymentSettingsActor;
  name: N;
  label: string;
}

function useFieldError(actor: PaymentSettingsActor, name: keyof PaymentForm) {
  return useSelector(actor, (s) => selectFieldErrors(s)[name]);
}

function Switch({ actor, name, label }: FieldProps<SwitchName>) {
  const id = useId();
  const checked = useSelector(actor, (s) => selectValues(s)[name]);
  return (
    <Form.Check
      type="switch"
      id={id}
      className="mb-3"
      label={label}
      checked={checked}
      onChange={(e) => actor.send({ type: 'payments.change', values: { [name]: e.target.checked } })}
    />
  );
}

function TextInput({
  actor,
  name,
  label,
  help,
  numeric,
  disabled,
}: FieldProps<Exclude<TextName, KeyField>> & { help?: string; numeric?: boolean; disabled?: boolean }) {
  const id = useId();
  const value = useSelector(actor, (s) => selectValues(s)[name]);
  const error = useFieldError(actor, name);
  const described = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={value}
        autoComplete="off"
        inputMode={numeric ? 'numeric' : undefined}
        disabled={disabled}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => actor.send({ type: 'payments.change', values: { [name]: e.target.value } })}
      />
      {help && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

/**
 * "Chek uchun kodlar": the IKPU and package codes Payme's receipt prints on its "Xizmat haqi" and "Choy puli" items,
 * a pair a row (one under the other on a phone).
 */
function ReceiptCodes({ actor }: { actor: PaymentSettingsActor }) {
  const aboutId = useId();
  return (
    <fieldset className="border-top pt-3" aria-describedby={aboutId} data-testid="payme-receipt-codes">
      <legend className="fs-6 fw-semibold mb-1">{uzPayments.receiptCodesTitle}</legend>
      <p id={aboutId} className="small text-secondary mb-2">
        {uzPayments.receiptCodesAbout}
      </p>
      <div className="row g-2">
        <div className="col-sm-6">
          <TextInput actor={actor} name="payme_service_ikpu" label={uzPayments.serviceIkpu} numeric />
        </div>
        <div className="col-sm-6">
          <TextInput actor={actor} name="payme_service_package_code" label={uzPayments.servicePackageCode} numeric />
        </div>
        <div className="col-sm-6">
          <TextInput actor={actor} name="payme_tip_ikpu" label={uzPayments.tipIkpu} numeric />
        </div>
        <div className="col-sm-6">
          <TextInput actor={actor} name="payme_tip_package_code" label={uzPayments.tipPackageCode} numeric />
        </div>
      </div>
    </fieldset>
  );
}

/**
 * A write-only key: whether the server holds one ("o'rnatilgan"), an empty password field that, left empty, keeps it,
 * and "O'chirish" to remove it with the next save (undone by "Bekor qilish").
 */
function KeyInput({ actor, name, label }: FieldProps<KeyField>) {
  const id = useId();
  const value = useSelector(actor, (s) => selectValues(s)[name]);
  const state = useSelector(actor, selectKeyState(name));
  const error = useFieldError(actor, name);
  const badge =
    state === 'set' ? (
      <Badge bg="success">{uzPayments.keySet}</Badge>
    ) : state === 'removing' ? (
      <Badge bg="warning" text="dark">
        {uzPayments.keyRemoving}
      </Badge>
    ) : (
      <Badge bg="secondary">{uzPayments.keyNotSet}</Badge>
    );
  return (
    <Form.Group className="mb-3" controlId={id}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <Form.Label className="mb-0">{label}</Form.Label>
        <span data-testid={`key-state-${name}`}>{badge}</span>
        {state === 'set' && (
          <Button
            variant="link"
            size="sm"
            className="p-0 text-danger ms-auto"
            aria-label={uzPayments.keyRemoveLabel(label)}
            onClick={() => actor.send({ type: 'payments.removeKey', key: name })}
          >
            {uzPayments.keyRemove}
          </Button>
        )}
        {state === 'removing' && (
          <Button
            variant="link"
            size="sm"
            className="p-0 ms-auto"
            aria-label={uzPayments.keyRemoveUndoLabel(label)}
            onClick={() => actor.send({ type: 'payments.keepKey', key: name })}
          >
            {uzPayments.keyRemoveUndo}
          </Button>
        )}
      </div>
      <Form.Control
        type="password"
        value={value}
        autoComplete="new-password"
        placeholder={state === 'set' ? uzPayments.keyKeepPlaceholder : uzPayments.keyNewPlaceholder}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => actor.send({ type: 'payments.change', values: { [name]: e.target.value } })}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
