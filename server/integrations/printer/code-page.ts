/**
 * The one code page every ticket is printed in: cp866 (IBM/DOS Cyrillic), selected with ESC t 17.
 *
 * Why cp866: kitchens here print Uzbek Latin, Uzbek Cyrillic and Russian, and a single-byte page must hold Cyrillic.
 * In the encoder library's printer tables, table 17 is cp866 on Epson (TM-T20, TM-T88, TM-m30), on Xprinter (XP-N160II,
 * XP-T80Q) and the POS-5890 / POS-8360 clones sold under many names, and on Bixolon, Fujitsu, Star and Sunmi: one
 * number means the same page on the printers kitchens here buy, while Windows-1251, the other Cyrillic page, is 46 on
 * Epson but 23 on Xprinter and the clones (only Citizen, HP and MPT number cp866 otherwise, 7). cp866 has the whole
 * Russian alphabet with Ё ё, and Ў ў (0xF6, 0xF7) and № too; the Uzbek letters it lacks (Қ Ғ Ҳ) are printed as their
 * nearest Russian letters (printable.ts).
 */
export const PRINTER_CODE_PAGE = {
  /** The name the encoder library knows it by. */
  name: 'cp866',
  /** ESC t n: the printer's character code table number. */
  escPosTable: 17,
  /** Bytes 0x80-0xFF as Unicode, in order; below 0x80 the page is ASCII. */
  upperHalf:
    'АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмноп░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀рстуфхцчшщъыьэюяЁёЄєЇїЎў°∙·√№¤■\u00a0',
} as const;
