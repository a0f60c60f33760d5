import { uzTelegram } from '../../../lib/uz-telegram';

/**
 * How a newcomer sets up the restaurant's Telegram delivery (a bot from @BotFather, the bot an administrator
 * of the channel, the channel's id), folded under "Qanday sozlanadi?" so that the form stays short. A native
 * `<details>`: opened by click, keyboard and screen reader alike, with no state to keep.
 */
export function TelegramSetupHelp({ className = '' }: { className?: string }) {
  return (
    <details className={`small ${className}`} data-testid="telegram-setup-help">
      <summary className="text-primary-emphasis fw-semibold">{uzTelegram.setupTitle}</summary>
      <ol className="mt-2 mb-0 ps-3">
        {uzTelegram.setupSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </details>
  );
}
