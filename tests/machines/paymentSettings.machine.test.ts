import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { uzPayments } from '../../lib/uz-payments';
import { type PaymentSettingsEvent, paymentSettingsMachine } from '../../machines/restaurants/paymentSettings.machine';
import {
  formFromSettings,
  toPaymentChange,
  validatePaymentForm,
} from '../../machines/restaurants/paymentSettings.rules';
import {
  selectFieldErrors,
  selectIsSaving,
  selectKeyState,
  selectSaveResult,
  selectUnsaved,
  selectValues,
} from '../../machines/restaurants/paymentSettings.selectors';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { CLICK_INCOMPLETE, paymentSettingsModel, SAVED_SETTINGS, STORED_SETTINGS } from '../ui/models/payments.model';
import { flush, pending, rejecting, resolving } from './helpers';
import { type PathStep, replayPath } from './replay-path';

/** "To'lovlar" on the restaurant page: the paymentSettings machine and its form rules. */

type Snapshot = SnapshotFrom<typeof paymentSettingsMachine>;

function start(
  loadSettings: AnyActorLogic = resolving(STORED_SETTINGS).logic,
  saveSettings: AnyActorLogic = resolving(SAVED_SETTINGS).logic,
) {
  const machine = paymentSettingsMachine.provide({ actors: { loadSettings, saveSettings } as never });
  return createActor(machine, { input: { restaurantId: 'r1' } }).start();
}

const FORM = formFromSettings(STORED_SETTINGS);

describe('the payment settings form rules', () => {
  it.each([
    ['0', true],
    ['30', true],
    [' 15 ', true],
    ['31', false],
    ['-1', false],
    ['10.5', false],
    ['abc', false],
  ])('service charge %j is accepted: %s', (typed, ok) => {
    const errors = validatePaymentForm({ ...FORM, service_percent: typed });
    expect(errors.service_percent).toBe(ok ? undefined : uzPayments.servicePercentInvalid);
  });

  it.each([
    ['0', true],
    ['100', true],
    ['101', false],
    ['12,5', false],
  ])('VAT %j is accepted: %s', (typed, ok) => {
    expect(validatePaymentForm({ ...FORM, vat_percent: typed }).vat_percent).toBe(
      ok ? undefined : uzPayments.vatPercentInvalid,
    );
  });

  it('an empty percent asks for a figure; bad merchant ids, ids and keys are named in Uzbek', () => {
    expect(
      validatePaymentForm({
        ...FORM,
        service_percent: '',
        vat_percent: ' ',
        payme_merchant_id: '12345',
        click_service_id: '12a',
        click_merchant_id: '1234567890123',
        payme_key: 'two words',
        click_secret_key: 'x'.repeat(101),
      }),
    ).toEqual({
      service_percent: uzPayments.percentRequired,
      vat_percent: uzPayments.percentRequired,
      payme_merchant_id: uzPayments.paymeMerchantIdInvalid,
      click_service_id: uzPayments.clickIdInvalid,
      click_merchant_id: uzPayments.clickIdInvalid,
      payme_key: uzPayments.keyHasSpaces,
      click_secret_key: uzPayments.keyTooLong,
    });
    expect(validatePaymentForm(FORM)).toEqual({});
  });

  it('a save sends every field, a key only when typed (or null to remove it), and omits a key left empty', () => {
    const change = toPaymentChange(
      {
        ...FORM,
        payme_merchant_id: ' 5E730E8E0B852A417AA49CEB ',
        click_enabled: true,
        click_service_id: '12345',
        click_merchant_id: '678',
        click_merchant_user_id: '9',
        click_secret_key: ' s3cret ',
        service_percent: '10',
      },
      ['payme_test_key'],
    );
    expect(change).toEqual({
      payme: {
        enabled: true,
        merchant_id: '5e730e8e0b852a417aa49ceb',
        test_mode: false,
        test_key: null,
        service_ikpu: '10202001001000000',
        service_package_code: '1500403',
        tip_ikpu: null,
        tip_package_code: null,
      },
      click: { enabled: true, service_id: '12345', merchant_id: '678', merchant_user_id: '9', secret_key: 's3cret' },
      service_percent: 10,
      vat_percent: 12,
    });
    expect(change.payme).not.toHaveProperty('key');
  });

  it("starts with the stored receipt codes, '' for those not set", () => {
    expect(FORM).toMatchObject({
      payme_service_ikpu: '10202001001000000',
      payme_service_package_code: '1500403',
      payme_tip_ikpu: '',
      payme_tip_package_code: '',
    });
  });

  it.each([
    ['10202001001000000', true],
    ['10202 00100 1000000', true],
    ['', true],
    ['1020200100100000', false],
    ['102020010010000001', false],
    ['1020200100100000a', false],
  ])('a receipt IKPU %j is accepted: %s (checked as a dish’s)', (typed, ok) => {
    const errors = validatePaymentForm({ ...FORM, payme_service_ikpu: typed, payme_tip_ikpu: typed });
    const expected = ok ? undefined : uzPayments.ikpuInvalid;
    expect(errors.payme_service_ikpu).toBe(expected);
    expect(errors.payme_tip_ikpu).toBe(expected);
  });

  it.each([
    ['1500403', true],
    ['', true],
    ['1'.repeat(20), true],
    ['1'.repeat(21), false],
    ['15-00403', false],
  ])('a receipt package code %j is accepted: %s', (typed, ok) => {
    const errors = validatePaymentForm({ ...FORM, payme_service_package_code: typed, payme_tip_package_code: typed });
    const expected = ok ? undefined : uzPayments.packageCodeInvalid;
    expect(errors.payme_service_package_code).toBe(expected);
    expect(errors.payme_tip_package_code).toBe(expected);
  });

  it('a save sends the receipt codes without spaces, and null for a code emptied', () => {
    const change = toPaymentChange(
      { ...FORM, payme_service_ikpu: '', payme_tip_ikpu: ' 10202 00100 1000000 ', payme_tip_package_code: '7' },
      [],
    );
    expect(change.payme).toMatchObject({
      service_ikpu: null,
      service_package_code: '1500403',
      tip_ikpu: '10202001001000000',
      tip_package_code: '7',
    });
  });
});

describe('paymentSettings machine: examples', () => {
  it('loads, shows the stored key as set, turns Click on with its data and saves what was typed', async () => {
    const save = resolving(() => ({
      ...STORED_SETTINGS,
      click: { enabled: true, service_id: '1', merchant_id: '2', merchant_user_id: '3', secret_key_set: true },
      service_percent: 10,
    }));
    const actor = start(undefined, save.logic);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(selectKeyState('payme_key')(actor.getSnapshot())).toBe('set');
    expect(selectKeyState('click_secret_key')(actor.getSnapshot())).toBe('unset');
    expect(selectValues(actor.getSnapshot()).payme_key).toBe('');
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    actor.send({
      type: 'payments.change',
      values: {
        click_enabled: true,
        click_service_id: '1',
        click_merchant_id: '2',
        click_merchant_user_id: '3',
        click_secret_key: 'secret',
        service_percent: '10',
      },
    });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'payments.save' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    // While it saves the form cannot change.
    expect(actor.getSnapshot().can({ type: 'payments.change', values: { vat_percent: '1' } })).toBe(false);
    await flush();
    const sent = save.probe.inputs[0] as { restaurantId: string; change: ReturnType<typeof toPaymentChange> };
    expect(sent.restaurantId).toBe('r1');
    expect(sent.change.click).toEqual({
      enabled: true,
      service_id: '1',
      merchant_id: '2',
      merchant_user_id: '3',
      secret_key: 'secret',
    });
    expect(sent.change.payme).not.toHaveProperty('key');
    expect(sent.change.service_percent).toBe(10);
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: true, message: uzPayments.paymentsSaved });
    // The typed key is gone from the form: it is now shown as set.
    expect(selectValues(actor.getSnapshot()).click_secret_key).toBe('');
    expect(selectKeyState('click_secret_key')(actor.getSnapshot())).toBe('set');
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
  });

  it('a stored key is removed on request (null), kept again on second thought, and a new one typed replaces it', async () => {
    const save = resolving(SAVED_SETTINGS);
    const actor = start(undefined, save.logic);
    await flush();
    expect(actor.getSnapshot().can({ type: 'payments.removeKey', key: 'click_secret_key' })).toBe(false);
    actor.send({ type: 'payments.removeKey', key: 'payme_key' });
    expect(selectKeyState('payme_key')(actor.getSnapshot())).toBe('removing');
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'payments.keepKey', key: 'payme_key' });
    expect(selectKeyState('payme_key')(actor.getSnapshot())).toBe('set');
    actor.send({ type: 'payments.removeKey', key: 'payme_key' });
    actor.send({ type: 'payments.change', values: { payme_key: 'new-key' } });
    expect(selectKeyState('payme_key')(actor.getSnapshot())).toBe('set');
    actor.send({ type: 'payments.change', values: { payme_key: '' } });
    actor.send({ type: 'payments.removeKey', key: 'payme_key' });
    actor.send({ type: 'payments.save' });
    await flush();
    expect((save.probe.inputs[0] as { change: { payme: { key: unknown } } }).change.payme.key).toBeNull();
  });

  it("the form's own checks hold the save and say what to correct; correcting takes the message away", async () => {
    const save = resolving(SAVED_SETTINGS);
    const actor = start(undefined, save.logic);
    await flush();
    actor.send({ type: 'payments.change', values: { service_percent: '45' } });
    // Nothing is marked before a save is asked for.
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'payments.save' });
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(save.probe.inputs).toEqual([]);
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ service_percent: uzPayments.servicePercentInvalid });
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: false, message: uzPayments.paymentsInvalid });
    actor.send({ type: 'payments.change', values: { service_percent: '30' } });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    expect(selectSaveResult(actor.getSnapshot())).toBeNull();
  });

  it.each([
    ['the 400 naming what Click needs', CLICK_INCOMPLETE, CLICK_INCOMPLETE.message],
    ['no answer at all', new ApiError(0, uz.networkError), uz.networkError],
    ['anything else', new Error('boom'), uzPayments.paymentsSaveFailed],
  ])('a refused save keeps the form as typed and shows why: %s', async (_n, error, shown) => {
    const actor = start(
      undefined,
      fromPromise(async () => {
        throw error;
      }),
    );
    await flush();
    actor.send({ type: 'payments.change', values: { click_enabled: true, click_secret_key: 'typed-secret' } });
    actor.send({ type: 'payments.save' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ form: 'failed' });
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: false, message: shown });
    expect(selectValues(actor.getSnapshot())).toMatchObject({ click_enabled: true, click_secret_key: 'typed-secret' });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'payments.change', values: { click_service_id: '1' } });
    expect(selectSaveResult(actor.getSnapshot())).toBeNull();
  });

  it('a bad receipt code holds the save under its field; corrected, the codes are sent and shown as stored', async () => {
    const stored = {
      ...STORED_SETTINGS,
      payme: { ...STORED_SETTINGS.payme, tip_ikpu: '10202001001000000', tip_package_code: '7' },
    };
    const save = resolving(stored);
    const actor = start(undefined, save.logic);
    await flush();
    actor.send({ type: 'payments.change', values: { payme_tip_ikpu: '123', payme_tip_package_code: '7' } });
    actor.send({ type: 'payments.save' });
    expect(save.probe.inputs).toEqual([]);
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ payme_tip_ikpu: uzPayments.ikpuInvalid });
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: false, message: uzPayments.paymentsInvalid });
    actor.send({ type: 'payments.change', values: { payme_tip_ikpu: '10202001001000000' } });
    actor.send({ type: 'payments.save' });
    await flush();
    const sent = save.probe.inputs[0] as { change: ReturnType<typeof toPaymentChange> };
    expect(sent.change.payme).toMatchObject({ tip_ikpu: '10202001001000000', tip_package_code: '7' });
    expect(selectValues(actor.getSnapshot())).toMatchObject({
      payme_tip_ikpu: '10202001001000000',
      payme_tip_package_code: '7',
    });
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
  });

  it('a failed load says why and loads again on retry', async () => {
    const actor = start(rejecting(500, 'Serverda xatolik').logic);
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe('Serverda xatolik');
    expect(actor.getSnapshot().can({ type: 'payments.save' })).toBe(false);
    actor.send({ type: 'payments.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('leaving the page stops the call', () => {
    const hanging = pending();
    const actor = start(hanging.logic);
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('paymentSettings machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(paymentSettingsModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(paymentSettingsModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = PathStep<Snapshot>;
  /** What each event does and what it must leave behind; a new event of the machine needs its entry here. */
  const steps = {
    'xstate.done.actor.loadSettings': (_w, e, _b, after) => {
      expect(selectValues(after)).toEqual(formFromSettings(e.output as typeof STORED_SETTINGS));
      expect(selectUnsaved(after)).toBe(false);
      expect(selectKeyState('payme_key')(after)).toBe('set');
    },
    'xstate.error.actor.loadSettings': (_w, e, _b, after) => {
      expect(after.context.error).toBe((e.error as ApiError).message);
    },
    'payments.retry': (w, _e, _b, after) => {
      expect(w.held.map((c) => c.id)).toEqual(['loadSettings']);
      expect(after.context.error).toBeNull();
    },
    'payments.change': (_w, e, before, after) => {
      expect(selectValues(after)).toEqual({ ...selectValues(before), ...(e.values as object) });
      expect(after.context.error).toBeNull();
    },
    'payments.removeKey': (_w, e, _b, after) => {
      expect(selectKeyState(e.key as 'payme_key')(after)).toBe('removing');
      expect(selectUnsaved(after)).toBe(true);
    },
    'payments.keepKey': (_w, e, _b, after) => {
      expect(selectKeyState(e.key as 'payme_key')(after)).toBe('set');
    },
    'payments.save': (w, _e, before, after) => {
      const valid = Object.keys(validatePaymentForm(selectValues(before))).length === 0;
      if (valid) {
        expect(w.held.map((c) => c.input)).toEqual([
          { restaurantId: 'r1', change: toPaymentChange(selectValues(before), before.context.removing) },
        ]);
        expect(selectIsSaving(after)).toBe(true);
        expect(selectSaveResult(after)).toBeNull();
      } else {
        expect(w.held).toEqual([]);
        expect(selectSaveResult(after)).toEqual({ ok: false, message: uzPayments.paymentsInvalid });
      }
    },
    'xstate.done.actor.saveSettings': (_w, e, _b, after) => {
      expect(selectValues(after)).toEqual(formFromSettings(e.output as typeof SAVED_SETTINGS));
      expect(selectSaveResult(after)).toEqual({ ok: true, message: uzPayments.paymentsSaved });
    },
    'xstate.error.actor.saveSettings': (_w, e, before, after) => {
      expect(selectSaveResult(after)).toEqual({ ok: false, message: (e.error as ApiError).message });
      expect(selectValues(after)).toBe(selectValues(before));
    },
  } satisfies Record<PathEventType<PaymentSettingsEvent, 'loadSettings' | 'saveSettings'>, Step>;

  it.each(paths.map((path, i) => [pathName(paymentSettingsModel, path, i), path] as const))('%s', async (_n, path) => {
    await replayPath(
      paymentSettingsMachine,
      paymentSettingsModel.input!,
      ['loadSettings', 'saveSettings'],
      path,
      steps,
    );
  });
});
