/**
 * A ticket's text broken into lines that fit the paper, with a hanging indent: "2 x Qo'y go'shti shashlik" on 16
 * columns (58 mm paper in double width) is
 *
 *     2 x Qo'y go'shti
 *         shashlik
 *
 * so the quantity stands alone at the left edge. Lines break between words or after a hyphen inside one
 * ("по-" / "ташкентски"); a word too long for the indented width starts at the left edge instead, and only a word
 * longer than a whole line is broken where the line ends. `columns` counts characters of the size they print in.
 */
export function wrapWithPrefix(prefix: string, text: string, columns: number): string[] {
  // A prefix that would leave a narrow strip for the text (a long quantity on narrow paper) does not indent.
  const indent = prefix.length <= columns / 2 ? prefix.length : 0;
  const pieces = text
    .split(' ')
    .filter((word) => word !== '')
    .flatMap((word) => (word.match(/[^-]*-+|[^-]+/g) ?? []).map((piece, i) => ({ piece, glued: i > 0 })));
  const lines: string[] = [];
  let line = prefix;
  let started = false;
  for (const { piece, glued } of pieces) {
    const separator = started && !glued ? ' ' : '';
    if (line.length + separator.length + piece.length <= columns) {
      line += separator + piece;
      started = true;
      continue;
    }
    let rest = piece;
    // To a line of its own, unless nothing but the prefix stands here and the piece is too long for any line.
    if (line.trim() !== '' && (started || line.length >= columns || rest.length <= columns)) {
      lines.push(line.trimEnd());
      line = ' '.repeat(indent + rest.length <= columns || rest.length > columns ? indent : 0);
    }
    // Too long for a whole line: fill this one and go on.
    while (line.length + rest.length > columns) {
      const room = columns - line.length;
      lines.push(line + rest.slice(0, room));
      rest = rest.slice(room);
      line = ' '.repeat(indent);
    }
    line += rest;
    started = true;
  }
  lines.push(line.trimEnd());
  return lines;
}
