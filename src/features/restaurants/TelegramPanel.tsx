import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { uzTelegram } from '../../../lib/uz-telegram';
import { telegramTestMachine } from '../../../machines/restaurants/telegramTest.machine';
import { selectIsSending, selectResult } from '../../../machines/restaurants/telegramTest.selectors';
import { TelegramSetupHelp } from './TelegramSetupHelp';

interface TelegramPanelProps {
  restaurantId: string;
  /** Both a bot token and a channel are set (the server's `telegram_configured`). */
  configured: boolean;
  /** Why Telegram last refused the restaurant's messages for good, or null. */
  error: string | null;
  /** An admin sets the bot token and channel (the edit form); a manager cannot. */
  isAdmin: boolean;
  /** A test message went through: the server cleared the restaurant's delivery error. */
  onDelivered: () => void;
}

/**
 * The restaurant page's Telegram section (admins and the owning manager): whether orders and calls go to
 * the restaurant's Telegram channel, why Telegram last refused them, and "Sinov xabari yuborish" (the telegramTest
 * machine, which lives as long as the section: a reload of the page starts it afresh).
 */
export function TelegramPanel({ restaurantId, configured, error, isAdmin, onDelivered }: TelegramPanelProps) {
  const titleId = useId();
  const [logic] = useState(() => telegramTestMachine.provide({ actions: { delivered: () => onDelivered() } }));
  const test = useActorRef(logic, { input: { restaurantId } });
  const sending = useSelector(test, selectIsSending);
  const canSend = useSelector(test, (s) => s.can({ type: 'telegram.test' }));
  const result = useSelector(test, selectResult, (a, b) => a?.ok === b?.ok && a?.message === b?.message);
  const tone = sending ? 'mt-2 text-secondary' : result ? `mt-2 ${result.ok ? 'text-success' : 'text-danger'}` : '';

  return (
    <Card as="section" className="shadow-sm" aria-labelledby={titleId} data-testid="telegram-panel">
      <Card.Body>
        <h2 id={titleId} className="h5">
          {uzTelegram.telegram}
        </h2>
        <p className="mb-2" data-testid="telegram-state">
          {configured
            ? uzTelegram.telegramConfigured
            : isAdmin
              ? uzTelegram.telegramNotConfiguredAdmin
              : uzTelegram.telegramNotConfiguredManager}
        </p>
        {error && (
          <p className="small text-danger mb-2" data-testid="telegram-error">
            {uzTelegram.telegramUndelivered(error)}
          </p>
        )}
        {!configured && isAdmin && <TelegramSetupHelp />}
        {configured && (
          <Button
            variant="outline-primary"
            disabled={!canSend}
            aria-busy={sending || undefined}
            onClick={() => test.send({ type: 'telegram.test' })}
          >
            {sending && <Spinner size="sm" className="me-1" aria-hidden />}
            {uzTelegram.telegramTestSend}
          </Button>
        )}
        {/* Always in the page, so that a screen reader hears each result as it arrives. */}
        <div role="status" className={`small ${tone}`} data-testid="telegram-test-result">
          {sending ? uzTelegram.telegramTestSending : result?.message}
        </div>
      </Card.Body>
    </Card>
  );
}
