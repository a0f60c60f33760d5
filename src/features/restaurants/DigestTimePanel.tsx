import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Button, Card, Form, Spinner } from 'react-bootstrap';
import { uzTelegram } from '../../../lib/uz-telegram';
import { digestTimeMachine } from '../../../machines/restaurants/digestTime.machine';
import {
  selectDigestValues,
  selectIsSaving,
  selectSaveResult,
  selectTimeError,
  selectUnsaved,
} from '../../../machines/restaurants/digestTime.selectors';

/**
 * The restaurant page's "Kunlik hisobot" (admins and the owning manager): whether the day's digest goes to the
 * restaurant's Telegram channel, and at what time of its day. Saved as one change (the digestTime machine, which lives
 * as long as the section). Without a channel the setting is still kept, with a word that nothing is sent yet.
 */
export function DigestTimePanel({
  slug,
  restaurant,
  telegramConfigured,
}: {
  slug: string;
  restaurant: { digest_time?: unknown };
  /** Both a bot token and a channel are set: only then does a digest go anywhere. */
  telegramConfigured: boolean;
}) {
  const titleId = useId();
  const digest = useActorRef(digestTimeMachine, { input: { slug, restaurant } });
  const values = useSelector(digest, selectDigestValues);
  const timeError = useSelector(digest, selectTimeError);
  const saving = useSelector(digest, selectIsSaving);
  const unsaved = useSelector(digest, selectUnsaved);
  const result = useSelector(digest, selectSaveResult, (a, b) => a?.ok === b?.ok && a?.message === b?.message);
  const tone = result ? (result.ok ? 'text-success' : 'text-danger') : '';
  return (
    <Card as="section" className="shadow-sm" aria-labelledby={titleId} data-testid="digest-time">
      <Card.Body>
        <h2 id={titleId} className="h5">
          {uzTelegram.digestTitle}
        </h2>
        <p className="small text-secondary mb-2" id={`${titleId}-help`}>
          {uzTelegram.digestHelp}
        </p>
        {!telegramConfigured && (
          <p className="small text-warning-emphasis mb-2" data-testid="digest-no-channel">
            {uzTelegram.digestNoChannel}
          </p>
        )}
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            digest.send({ type: 'digest.save' });
          }}
        >
          <fieldset disabled={saving} className="d-flex flex-wrap align-items-start gap-3 mb-3">
            <Form.Check
              type="switch"
              id={`${titleId}-on`}
              className="pt-2"
              name="digest_on"
              label={uzTelegram.digestOn}
              checked={values.on}
              onChange={(event) => digest.send({ type: 'digest.switch', on: event.target.checked })}
              aria-describedby={`${titleId}-help`}
            />
            <div>
              <Form.Control
                type="time"
                name="digest_time"
                aria-label={uzTelegram.digestTime}
                value={values.time}
                disabled={!values.on}
                onChange={(event) => digest.send({ type: 'digest.time', value: event.target.value })}
                isInvalid={Boolean(timeError)}
                aria-invalid={timeError ? true : undefined}
                aria-describedby={timeError ? `${titleId}-error` : undefined}
              />
              <Form.Control.Feedback id={`${titleId}-error`} type="invalid">
                {timeError}
              </Form.Control.Feedback>
            </div>
          </fieldset>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Button type="submit" variant="primary" disabled={saving} aria-busy={saving || undefined}>
              {saving && <Spinner size="sm" className="me-1" aria-hidden />}
              {uzTelegram.digestSave}
            </Button>
            {unsaved && !saving && <span className="small text-warning-emphasis">{uzTelegram.digestUnsaved}</span>}
          </div>
        </Form>
        {/* Always in the page, so that a screen reader hears each result as it arrives. */}
        <div role="status" className={`small mt-2 ${tone}`} data-testid="digest-time-result">
          {result?.message}
        </div>
      </Card.Body>
    </Card>
  );
}
