/**
 * What a kitchen ticket says, as the outbox's printer job hands it to the encoder (escpos.ts). Texts are as the
 * restaurant and the diner wrote them, in any script: the encoder makes them printable.
 */

export interface KitchenTicketLine {
  name: string;
  quantity: number;
  /** The chosen option rows, e.g. "Katta", "Achchiq". */
  rows: string[];
}

export interface KitchenTicket {
  restaurant: string;
  /** The kitchen station the ticket is for ("Oshxona", "Bar"). */
  station: string;
  table: string;
  /** The order's number. */
  number: number;
  placedAt: Date;
  lines: KitchenTicketLine[];
  /** The diner's comment; empty for none. */
  comment: string;
  /** A second print of the same order: "QAYTA CHOP ETILDI" under the header. */
  reprint: boolean;
}

/** The paper's width in millimetres: 58 mm prints 32 columns of font A, 80 mm 48. */
export type PaperWidth = 58 | 80;
