// @ts-check
// The region's grid: its sizes in SVG user units (roomy, or tight on narrow
// screens) and grid places turned into pixels, for web/front/js/region.js.

/** @typedef {import("./generated/view.js").RegionView} Region */
/** @typedef {import("./generated/view.js").Cell} Cell */
/** @typedef {ReturnType<typeof geometry>} Geometry */
/** @typedef {ReturnType<typeof grid>} Grid */

/**
 * Sizes in SVG user units: roomy, or tight on narrow screens. Tight cells are
 * taller than wide and each takes a tap area (`hits`) of its share of the
 * whole width, so that a finger finds it on a phone's screen; during a survey
 * only cards are chosen, and the cells are square again (the region is drawn
 * smaller then, leaving room for the museum).
 * @param {boolean} tight
 * @param {boolean} [surveying]
 */
export function geometry(tight, surveying = false) {
  return tight
    ? {
        tight,
        hits: !surveying,
        cell: 40,
        cellH: surveying ? 40 : 52,
        colGap: 18,
        rowGap: 4,
        pad: 3,
        parcelGap: 4,
        areaGap: 14,
        lineGap: 2,
        label: 14,
        left: 13,
        top: 2,
        bottom: 15,
      }
    : {
        tight,
        hits: false,
        cell: 40,
        cellH: 40,
        colGap: 28,
        rowGap: 5,
        pad: 5,
        parcelGap: 6,
        areaGap: 24,
        lineGap: 16,
        label: 22,
        left: 18,
        top: 6,
        bottom: 18,
      };
}

/**
 * Grid places to pixels, for one region.
 * @param {Geometry} G
 * @param {Region} reg
 */
export function grid(G, reg) {
  const cardW = G.pad * 2 + G.cell * reg.card_cols + G.colGap * (reg.card_cols - 1);
  const cardH = G.pad * 2 + G.cellH * reg.card_rows + G.rowGap * (reg.card_rows - 1);
  /** @param {number} line */
  const lineY = (line) => G.top + line * (G.label + cardH + G.lineGap) + G.label;
  /** @param {number} col left edge of a cell of this column */
  const colX = (col) => {
    const card = Math.floor(col / reg.card_cols);
    const areaBreaks = Math.floor(card / reg.area_cards);
    return (
      G.left +
      card * (cardW + G.parcelGap) +
      areaBreaks * (G.areaGap - G.parcelGap) +
      G.pad +
      (col % reg.card_cols) * (G.cell + G.colGap)
    );
  };
  /** @param {number} row top edge of a cell of this row */
  const rowY = (row) => lineY(Math.floor(row / reg.card_rows)) + G.pad + (row % reg.card_rows) * (G.cellH + G.rowGap);
  /**
   * The box of a card (or an area) whose top-left cell is (col, row), cols wide.
   * @param {number} col
   * @param {number} row
   * @param {number} cols
   */
  const box = (col, row, cols) => {
    const x = colX(col) - G.pad;
    return { x, y: lineY(Math.floor(row / reg.card_rows)), w: colX(col + cols - 1) + G.cell + G.pad - x, h: cardH };
  };
  return { cardH, colX, rowY, box };
}

/**
 * Each cell's tap area: the width shared out evenly between the columns (each
 * cell staying inside its own share), and the card's height between its rows.
 * @param {Geometry} G
 * @param {Grid} at
 * @param {Region} reg
 * @param {number} width
 */
export function tapAreas(G, at, reg, width) {
  const n = reg.columns.length;
  const edges = [0];
  for (let col = 1; col < n; col++) {
    edges.push(Math.min(Math.max((col * width) / n, at.colX(col - 1) + G.cell), at.colX(col)));
  }
  edges.push(width);
  /** @param {Cell} cell */
  return (cell) => {
    const inCard = cell.row % reg.card_rows;
    const top = at.rowY(cell.row) - (inCard === 0 ? G.pad : G.rowGap / 2);
    const bottom = at.rowY(cell.row) + G.cellH + (inCard === reg.card_rows - 1 ? G.pad : G.rowGap / 2);
    return { x: edges[cell.col], y: top, width: edges[cell.col + 1] - edges[cell.col], height: bottom - top };
  };
}
