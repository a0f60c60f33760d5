import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Button, Card, Form, InputGroup, ListGroup, Spinner } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzTelegram } from '../../../lib/uz-telegram';
import { telegramStaffMachine } from '../../../machines/restaurants/telegramStaff.machine';
import {
  selectDraft,
  selectEntries,
  selectIsLoading,
  selectIsSaving,
  selectLoadFailed,
  selectSaveResult,
  selectUnsaved,
} from '../../../machines/restaurants/telegramStaff.selectors';

/**
 * The restaurant page's "Tugmalarni bosa oladiganlar" (admins and the owning manager): the Telegram users who may
 * press the buttons of the restaurant's order and call messages besides the channel's administrators, added and
 * removed here and saved as one list (the telegramStaff machine, which lives as long as the section).
 */
export function TelegramStaffPanel({ restaurantId }: { restaurantId: string }) {
  const titleId = useId();
  const fieldId = useId();
  const helpId = useId();
  const staff = useActorRef(telegramStaffMachine, { input: { restaurantId } });
  const loading = useSelector(staff, selectIsLoading);
  const loadFailed = useSelector(staff, selectLoadFailed);
  const saving = useSelector(staff, selectIsSaving);
  const entries = useSelector(staff, selectEntries);
  const draft = useSelector(staff, selectDraft);
  const unsaved = useSelector(staff, selectUnsaved);
  const canAdd = useSelector(staff, (s) => s.can({ type: 'staff.add' }));
  const canSave = useSelector(staff, (s) => s.can({ type: 'staff.save' }));
  const error = useSelector(staff, (s) => s.context.error);
  const result = useSelector(staff, selectSaveResult, (a, b) => a?.ok === b?.ok && a?.message === b?.message);
  const tone = saving ? 'text-secondary' : result ? (result.ok ? 'text-success' : 'text-danger') : '';

  return (
    <Card as="section" className="shadow-sm" aria-labelledby={titleId} data-testid="telegram-staff-panel">
      <Card.Body>
        <h2 id={titleId} className="h5">
          {uzTelegram.telegramStaffTitle}
        </h2>
        <p className="mb-1">{uzTelegram.telegramStaffAbout}</p>
        <p className="small text-secondary mb-3" id={helpId}>
          {uzTelegram.telegramStaffHowToFind}
        </p>
        {loading && <p className="small text-secondary mb-0">{uz.loadingUz}</p>}
        {loadFailed && (
          <div className="text-danger small">
            <p className="mb-2">{error}</p>
            <Button variant="outline-primary" size="sm" onClick={() => staff.send({ type: 'staff.retry' })}>
              {uz.retry}
            </Button>
          </div>
        )}
        {!loading && !loadFailed && (
          <>
            {entries.length === 0 ? (
              <p className="small text-secondary mb-2">{uzTelegram.telegramStaffEmpty}</p>
            ) : (
              <ListGroup as="ul" className="mb-3" aria-labelledby={titleId}>
                {entries.map((entry) => (
                  <ListGroup.Item
                    as="li"
                    key={entry}
                    className="d-flex align-items-center justify-content-between gap-2"
                  >
                    <span className="text-break">{entry}</span>
                    <Button
                      variant="outline-danger"
                      size="sm"
                      disabled={saving}
                      aria-label={uzTelegram.telegramStaffRemoveLabel(entry)}
                      onClick={() => staff.send({ type: 'staff.remove', entry })}
                    >
                      {uzTelegram.telegramStaffRemove}
                    </Button>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
            <Form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                staff.send({ type: 'staff.add' });
              }}
            >
              <Form.Label htmlFor={fieldId} className="small mb-1">
                {uzTelegram.telegramStaffEntryLabel}
              </Form.Label>
              <InputGroup className="mb-3">
                <Form.Control
                  id={fieldId}
                  value={draft}
                  maxLength={40}
                  autoComplete="off"
                  placeholder="@ali_ofitsiant"
                  aria-describedby={helpId}
                  disabled={saving}
                  onChange={(e) => staff.send({ type: 'staff.type', value: e.target.value })}
                />
                <Button type="submit" variant="outline-primary" disabled={!canAdd}>
                  {uzTelegram.telegramStaffAdd}
                </Button>
              </InputGroup>
            </Form>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <Button
                variant="primary"
                disabled={!canSave}
                aria-busy={saving || undefined}
                onClick={() => staff.send({ type: 'staff.save' })}
              >
                {saving && <Spinner size="sm" className="me-1" aria-hidden />}
                {uz.save}
              </Button>
              {unsaved && !saving && (
                <span className="small text-warning-emphasis">{uzTelegram.telegramStaffUnsaved}</span>
              )}
            </div>
          </>
        )}
        {/* Always in the page, so that a screen reader hears each result as it arrives. */}
        <div role="status" className={`small mt-2 ${tone}`} data-testid="telegram-staff-result">
          {saving ? uzTelegram.telegramStaffSaving : result?.message}
        </div>
      </Card.Body>
    </Card>
  );
}
