// @ts-check
// The region's grid: its sizes in SVG user units (roomy, tight on narrow
// screens, or turned on its side on short ones) and grid places turned into
// pixels, for web/front/js/region.js.
//
// Places are worked out along two axes: `u` across the columns and `v` down
// the rows. Drawn upright, u is x and v is y; turned (a phone held sideways,
// where the height is what is short), the region lies on its side: its
// columns run down the screen (a at the top) and its rows across (the first
// at the left), u is y and v is x.

/** @typedef {import("./generated/view.js").RegionView} Region */
/** @typedef {import("./generated/view.js").Cell} Cell */
/** @typedef {ReturnType<typeof geometry>} Geometry */
/** @typedef {ReturnType<typeof grid>} Grid */
/** @typedef {{x: number, y: number, width: number, height: number}} Rect */

/**
 * Sizes in SVG user units: roomy, or tight on narrow screens. Tight cells are
 * taller than wide and each takes a tap area (`hits`) of its share of the
 * whole width, so that a finger finds it on a phone's screen; during a survey
 * only cards are chosen, and the cells are square again (the region is drawn
 * smaller then, leaving room for the museum). Turned, the region is drawn to
 * the screen's height: a cell's tap area is its column's share of the whole
 * height, and its row's width between its neighbours; during a survey its
 * cells are narrower across, so that it leaves room for the museum beside it.
 * `cell` and `colGap` are along u (across columns), `cellH` and `rowGap` along v.
 * @param {boolean} tight
 * @param {boolean} [surveying]
 * @param {boolean} [turned]
 */
export function geometry(tight, surveying = false, turned = false) {
  if (turned) {
    return surveying
      ? {
          tight: true,
          turned,
          hits: false,
          cell: 40,
          cellH: 30,
          colGap: 18,
          rowGap: 3,
          pad: 3,
          parcelGap: 4,
          areaGap: 14,
          lineGap: 2,
          label: 12,
          left: 12,
          top: 2,
          bottom: 12,
        }
      : {
          tight: true,
          turned,
          hits: true,
          cell: 29,
          cellH: 41,
          colGap: 16,
          rowGap: 4,
          pad: 3,
          parcelGap: 4,
          areaGap: 12,
          lineGap: 0,
          label: 11,
          left: 12,
          top: 2,
          bottom: 11,
        };
  }
  return tight
    ? {
        tight,
        turned,
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
        turned,
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
  /** @param {number} col where a cell of this column starts, along u */
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
  /** @param {number} row where a cell of this row starts, along v */
  const rowY = (row) => lineY(Math.floor(row / reg.card_rows)) + G.pad + (row % reg.card_rows) * (G.cellH + G.rowGap);
  /**
   * A box from u and v to x and y.
   * @param {number} u
   * @param {number} v
   * @param {number} du
   * @param {number} dv
   * @returns {Rect}
   */
  const rect = (u, v, du, dv) =>
    G.turned ? { x: v, y: u, width: dv, height: du } : { x: u, y: v, width: du, height: dv };
  /**
   * A point from u and v to x and y.
   * @param {number} u
   * @param {number} v
   */
  const point = (u, v) => (G.turned ? { x: v, y: u } : { x: u, y: v });
  /**
   * The box of a card (or an area) whose top-left cell is (col, row), cols wide, along u and v.
   * @param {number} col
   * @param {number} row
   * @param {number} cols
   */
  const span = (col, row, cols) => {
    const u = colX(col) - G.pad;
    return { u, v: lineY(Math.floor(row / reg.card_rows)), du: colX(col + cols - 1) + G.cell + G.pad - u, dv: cardH };
  };
  /**
   * The same box on the screen.
   * @param {number} col
   * @param {number} row
   * @param {number} cols
   */
  const box = (col, row, cols) => {
    const b = span(col, row, cols);
    const r = rect(b.u, b.v, b.du, b.dv);
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  };
  /**
   * A cell's square on the screen.
   * @param {number} col
   * @param {number} row
   */
  const cell = (col, row) => rect(colX(col), rowY(row), G.cell, G.cellH);
  const last = reg.columns.length - 1;
  // The whole drawing along u and v: the last column's end and a margin; the last line's end and the column names.
  const along = colX(last) + G.cell + G.pad + 6;
  const down = span(0, reg.rows.length - 1, 1).v + cardH + G.bottom;
  const size = G.turned ? { width: down, height: along } : { width: along, height: down };
  return { cardH, colX, rowY, rect, point, span, box, cell, along, down, size };
}

/**
 * Each cell's tap area: the length across the columns (u) shared out evenly
 * between them (each cell staying inside its own share), and the card's
 * length between its rows (v).
 * @param {Geometry} G
 * @param {Grid} at
 * @param {Region} reg
 */
export function tapAreas(G, at, reg) {
  const n = reg.columns.length;
  const length = at.along;
  const edges = [0];
  for (let col = 1; col < n; col++) {
    edges.push(Math.min(Math.max((col * length) / n, at.colX(col - 1) + G.cell), at.colX(col)));
  }
  edges.push(length);
  /** @param {Cell} cell */
  return (cell) => {
    const inCard = cell.row % reg.card_rows;
    const top = at.rowY(cell.row) - (inCard === 0 ? G.pad : G.rowGap / 2);
    const bottom = at.rowY(cell.row) + G.cellH + (inCard === reg.card_rows - 1 ? G.pad : G.rowGap / 2);
    return at.rect(edges[cell.col], top, edges[cell.col + 1] - edges[cell.col], bottom - top);
  };
}
