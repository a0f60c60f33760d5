import type { ViewNode } from '../pos/dev-view';
import type { PaperLine } from './decode';
import type { PrintedTicket } from './server';

/**
 * The /dev/printer page as a small element tree, built by the same code on the server (serialised with every text
 * escaped, dev-page.ts) and in the browser (DOM calls and text nodes only, dev-browser.ts): each ticket as the paper
 * shows it, a white strip as wide as its columns in a monospaced font, its bold and large lines, and a dashed line
 * where it was cut; newest first.
 */

export interface PrinterPageState {
  on: boolean;
  /** Where the simulated printer listens, "127.0.0.1:9100". */
  address: string;
  /** How many tickets the simulator keeps; the page shows the newest of them. */
  total: number;
  /** Newest first. */
  tickets: PrintedTicket[];
}

const el = (tag: string, attrs: Record<string, string> = {}, children: ViewNode[] = []): ViewNode => ({
  tag,
  attrs,
  children,
});

/** The clock of the kitchens the tickets are for, with seconds: two tickets a moment apart tell apart. */
const TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Tashkent',
});

/** Paper widths by their columns of font A. */
const PAPER_MM: Readonly<Record<number, string>> = { 32: '58 mm', 42: '80 mm', 48: '80 mm' };
/** Widths the style sheet draws; a wider paper is drawn as the widest. */
const DRAWN_WIDTHS = [32, 42, 48];

function lineView(line: PaperLine): ViewNode {
  const classes = ['line'];
  if (line.bold) classes.push('b');
  if (line.align !== 'left') classes.push(line.align);
  // The style sheet draws double width and height; larger sizes (never sent by the encoder) are drawn double.
  const size = `s${Math.min(line.size.w, 2)}${Math.min(line.size.h, 2)}`;
  if (size !== 's11') classes.push(size);
  return el('p', { class: classes.join(' ') }, [el('span', {}, [line.text])]);
}

function ticketView(ticket: PrintedTicket): ViewNode {
  const { paper } = ticket;
  const drawn = DRAWN_WIDTHS.find((width) => width >= paper.width_columns) ?? 48;
  const time = TIME.format(new Date(ticket.at));
  return el('article', { class: 'ticket', 'aria-label': `Chek, ${time}` }, [
    el('p', { class: 'meta' }, [
      el('time', {}, [time]),
      el('span', {}, [PAPER_MM[paper.width_columns] ?? `${paper.width_columns} ustun`]),
    ]),
    el('div', { class: `paper w${drawn}` }, paper.lines.map(lineView)),
    paper.cut ? el('p', { class: 'cut' }, ['kesildi']) : el('p', { class: 'uncut' }, ['kesilmagan']),
  ]);
}

export function printerView(state: PrinterPageState, busy = false): ViewNode[] {
  const power = el(
    'button',
    {
      type: 'button',
      role: 'switch',
      'aria-checked': state.on ? 'true' : 'false',
      class: `power ${state.on ? 'on' : 'off'}${busy ? ' busy' : ''}`,
      'data-power': state.on ? 'off' : 'on',
      ...(busy ? { 'aria-busy': 'true', disabled: '' } : {}),
    },
    [state.on ? 'Printer yoniq' : "Printer o'chiq"],
  );
  const controls = el('section', { class: 'controls' }, [
    power,
    el('p', { class: 'address' }, ['Manzil: ', el('code', {}, [state.address]), ' (TCP, ESC/POS)']),
    el('p', { class: 'count' }, [`${state.total} ta chek`]),
  ]);
  const tickets =
    state.tickets.length > 0
      ? el('section', { class: 'tickets' }, state.tickets.map(ticketView))
      : el('p', { class: 'empty' }, [
          "Hali chek yo'q. Oshxonaga buyurtma kelganda chek shu yerda qog'ozdagidek paydo bo'ladi.",
        ]);
  return [controls, tickets];
}
