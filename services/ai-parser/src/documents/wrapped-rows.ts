/**
 * Table rows whose cells wrap, put back on one line. A description too long for its column runs
 * onto a second and third line; with the cells centred vertically (HTML's default, and most
 * invoice generators') the row's figures sit on a line of their own between the description's
 * lines, and a header's "Unit / Price" splits the same way. Read line by line, such a row is a
 * line of figures with no description and lines of words with no figures: no item at all.
 *
 * Here the lines of a page (each a list of cells with their horizontal extent) are joined by
 * position. A line of figures (two or more cells of figures, three or more cells) or a header
 * line (four or more cells, no digits) is an anchor. A line of one to three cells next to a line
 * of an anchor's row (baselines at most FRAGMENT_GAP font sizes apart, so a three-line
 * description joins line by line) whose cells each lie over one of the anchor's cells of words or
 * over one of its empty columns, never over figures or across two columns, is part of its row;
 * so is a header's second line. The closest pairs join first, so a fragment between two rows
 * joins the nearer. Each fragment cell goes into the anchor's cell under it or into a new cell of
 * its own column; a cell's lines are read top to bottom. Rows under a header read in its
 * direction. Lines that are not in a table (addresses, notes, totals) have no anchor near them
 * or cross its columns, and stay as they are.
 */

interface Span {
  x0: number;
  x1: number;
}

/** A cell of a line: its text in reading order and where it is across the page. */
export interface PlacedCell extends Span {
  text: string;
}

/** A line of a page: `top` grows down the page (any unit), `size` its font size in the same unit. */
export interface PlacedLine {
  top: number;
  size: number;
  cells: PlacedCell[];
  /** Whether the line reads right to left (its cells are joined in that order). */
  rtl: boolean;
}

/**
 * How far apart (in font sizes) a fragment's baseline may be from the line next to it in its row:
 * a line's height is 1.2 font sizes in Latin fonts and up to 1.8 in Arabic ones (Noto Naskh).
 */
const FRAGMENT_GAP = 2;
/** A cell of figures: digits with their separators, a date, a percentage. */
const FIGURES = /^[\p{N}\s.,٫٬/:%+-]+$/u;
const DIGIT = /\p{N}/u;

type Kind = 'row' | 'header' | 'fragment' | 'other';

const isFigures = (cell: PlacedCell): boolean => FIGURES.test(cell.text) && DIGIT.test(cell.text);

function kindOf(line: PlacedLine): Kind {
  const figures = line.cells.filter(isFigures).length;
  if (figures >= 2 && line.cells.length >= 3) return 'row';
  if (line.cells.length >= 4 && figures === 0 && !line.cells.some((cell) => DIGIT.test(cell.text))) return 'header';
  return line.cells.length > 3 ? 'other' : 'fragment';
}

function overlaps(a: Span, b: Span): boolean {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0;
}

/**
 * Whether `line` can be part of the row or header `anchor`: each of its cells over one of the
 * anchor's cells of words or over one of its empty columns, never over figures or across columns.
 */
function fits(line: PlacedLine, anchor: PlacedLine): boolean {
  return line.cells.every((cell) => {
    const under = anchor.cells.filter((other) => overlaps(cell, other));
    return under.length === 0 || (under.length === 1 && !isFigures(under[0]));
  });
}

/** Lines (top to bottom) with the fragments of wrapped table rows joined to their rows. */
export function joinWrappedRows(lines: readonly PlacedLine[]): PlacedLine[] {
  const kinds = lines.map(kindOf);
  // group[i]: the anchor line that line i belongs to (itself for an anchor), or -1.
  const group = kinds.map((kind, index) => (kind === 'row' || kind === 'header' ? index : -1));
  const anchorOf = (index: number): number => {
    let at = group[index];
    while (at >= 0 && group[at] !== at) at = group[at];
    return at;
  };
  const distance = (a: number, b: number): number => Math.abs(lines[a].top - lines[b].top);
  // The closest pairs first: a fragment joins the row whose line is nearest to it, whatever
  // the order of the lines (a centred description's first line is nearer its row's next line
  // than the header above it).
  for (;;) {
    let best: { index: number; anchor: number; gap: number } | null = null;
    for (let index = 0; index < lines.length; index += 1) {
      // A fragment not yet in a row, or a header line that may be the second line of a header.
      const loose =
        kinds[index] === 'fragment' ? group[index] === -1 : kinds[index] === 'header' && group[index] === index;
      if (!loose) continue;
      for (const next of [index - 1, index + 1]) {
        if (next < 0 || next >= lines.length) continue;
        const gap = distance(index, next);
        const anchor = anchorOf(next);
        if (gap > FRAGMENT_GAP * lines[index].size || anchor < 0 || anchor === index) continue;
        if (kinds[index] === 'header' && kinds[anchor] !== 'header') continue;
        // Between two rows, the nearer; a tie goes to the row above (a top-aligned continuation).
        if (best && best.gap <= gap) continue;
        if (fits(lines[index], lines[anchor])) best = { index, anchor, gap };
      }
    }
    if (!best) break;
    group[best.index] = best.anchor;
  }
  const anchors = lines.map((_line, index) => anchorOf(index));
  const joined: PlacedLine[] = [];
  // The rows of a table read in its header's direction (a row of codes and figures on an Arabic
  // invoice has little to tell it by).
  let tableRtl: boolean | null = null;
  lines.forEach((line, index) => {
    if (anchors[index] === -1) {
      joined.push(line);
      tableRtl = null;
    } else if (anchors[index] === index) {
      const members = lines.filter((_line, other) => anchors[other] === index);
      const row = members.length === 1 ? line : joinRow(line, members);
      if (kinds[index] === 'header') tableRtl = row.rtl;
      joined.push(tableRtl === null ? row : { ...row, rtl: tableRtl });
    }
  });
  return joined;
}

/** One line of the anchor and its fragments (all in top-to-bottom order): cells column by column. */
function joinRow(anchor: PlacedLine, members: readonly PlacedLine[]): PlacedLine {
  const columns: Array<{ x0: number; x1: number; parts: Array<{ top: number; text: string }> }> = anchor.cells.map(
    (cell) => ({ x0: cell.x0, x1: cell.x1, parts: [{ top: anchor.top, text: cell.text }] }),
  );
  for (const line of members) {
    if (line === anchor) continue;
    for (const cell of line.cells) {
      const column = columns.find((candidate) => overlaps(candidate, cell));
      if (column) {
        column.parts.push({ top: line.top, text: cell.text });
        column.x0 = Math.min(column.x0, cell.x0);
        column.x1 = Math.max(column.x1, cell.x1);
      } else columns.push({ x0: cell.x0, x1: cell.x1, parts: [{ top: line.top, text: cell.text }] });
    }
  }
  columns.sort((a, b) => a.x0 - b.x0);
  return {
    ...anchor,
    cells: columns.map((column) => ({
      x0: column.x0,
      x1: column.x1,
      // A word broken at its hyphen ("B-" over "2211") is joined back without a space.
      text: [...column.parts]
        .sort((a, b) => a.top - b.top)
        .map((part) => part.text)
        .join(' ')
        .replace(/(\p{L}|\p{N})- (?=\p{L}|\p{N})/gu, '$1-'),
    })),
  };
}

/** A line's text: its cells in reading order, separated by tabs. */
export function placedLineText(line: PlacedLine): string {
  const ordered = [...line.cells].sort((a, b) => a.x0 - b.x0);
  return (line.rtl ? ordered.reverse() : ordered).map((cell) => cell.text).join('\t');
}
