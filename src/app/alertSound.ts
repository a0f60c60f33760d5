/**
 * The orders screen's alert for a new order or waiter call: a short two-tone beep made with WebAudio (no
 * sound file to download or cache) and a vibration on phones that have it. The orders machine decides when (only for
 * something new, never while muted); this only makes the noise, and stays silent where the browser has no way to.
 *
 * Browsers keep an AudioContext suspended until the page has been touched; the staff have always tapped the panel
 * (the login, the tab) before an order arrives, and a beep that cannot play is simply skipped.
 */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor: AudioContextClass | undefined =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/**
 * Makes the audio output before the first beep, once the browser is idle. The first AudioContext of a page costs the
 * main thread tens of milliseconds, up to ~200 ms on a busy tablet (the browser starts its audio output); made inside
 * the tap that allows sound, that tap's frame would be that long. Made before any tap, browsers keep it suspended
 * (their autoplay rule): nothing sounds until playOrderAlert resumes it inside a tap. Returns what cancels the wait.
 */
export function prepareOrderAlert(): () => void {
  if (context) return () => {};
  if (typeof globalThis.requestIdleCallback === 'function') {
    // The timeout: a screen that is never idle (sixty cards ticking) still gets it ready in time for the first tap.
    const id = requestIdleCallback(() => audio(), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(() => audio(), 0);
  return () => clearTimeout(id);
}

/** One tone of the beep: `start` seconds from now, `length` seconds long, fading out so it does not click. */
function tone(ctx: AudioContext, frequency: number, start: number, length: number) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  const at = ctx.currentTime + start;
  gain.gain.setValueAtTime(0.25, at);
  gain.gain.exponentialRampToValueAtTime(0.001, at + length);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + length);
}

/** Beep and vibrate once. Never throws: an alert that cannot sound must not break the screen. */
export function playOrderAlert(): void {
  try {
    const ctx = audio();
    if (ctx) {
      if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
      tone(ctx, 880, 0, 0.18);
      tone(ctx, 1320, 0.2, 0.25);
    }
  } catch {
    // No sound on this device: the new order is still on screen and the badge counts it.
  }
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    // Vibration refused (a desktop, an iframe): nothing else to do.
  }
}
