// The hex sea's geometry for drawing: pointy-top hexes, rows horizontal. Everything comes
// from the view's `board` (row and x of each hex); nothing here knows the rules.
export const R = 30;                       // a hex's corner radius
export const W = Math.sqrt(3) * R;         // a hex's width
export const PAD = { left: 34, top: 12, right: 12, bottom: 12 };

// SVG angles (degrees, y downwards) of the six facings
export const ANGLE = { E: 0, SE: 60, SW: 120, W: 180, NW: 240, NE: 300 };
// the facings in compass order, for the direction buttons: [facing, arrow]
export const COMPASS = [["NW", "↖"], ["NE", "↗"], ["W", "←"], ["E", "→"], ["SW", "↙"], ["SE", "↘"]];

export class Geometry {
  constructor(board) {
    this.board = board;
    this.centre = new Map();
    const widest = 2 * board.side - 1;
    for (const h of board.hexes) {
      this.centre.set(h.hex, [PAD.left + (h.x * W) / 2 + W / 2, PAD.top + h.row * 1.5 * R + R]);
    }
    this.width = PAD.left + widest * W + PAD.right;
    this.height = PAD.top + (board.rows.length - 1) * 1.5 * R + 2 * R + PAD.bottom;
  }

  corners(hex, r = R) {
    const [cx, cy] = this.centre.get(hex);
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = ((60 * k - 30) * Math.PI) / 180;
      pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
    }
    return pts.join(" ");
  }

  // the hex nearest to a point (or null when the point is off the sea)
  at(x, y) {
    let best = null;
    let dist = (W / 2) ** 2;
    for (const [hex, [cx, cy]] of this.centre) {
      const d = (cx - x) ** 2 + (cy - y) ** 2;
      if (d < dist) { dist = d; best = hex; }
    }
    return best;
  }

  // the hexes on the straight line from `from` (excluded) to `to` (included) along `facing`
  line(from, facing, to) {
    const out = [];
    const [x0, y0] = this.centre.get(from);
    const a = (ANGLE[facing] * Math.PI) / 180;
    for (let k = 1; k < 2 * this.board.side; k++) {
      const hex = this.at(x0 + k * W * Math.cos(a), y0 + k * W * Math.sin(a));
      if (hex === null) break;
      out.push(hex);
      if (hex === to) return out;
    }
    return [to];
  }

  // where a row's letter goes: left of its first hex
  rowLabel(rowIndex) {
    const first = this.board.hexes.find((h) => h.row === rowIndex);
    const [cx, cy] = this.centre.get(first.hex);
    return [cx - W * 0.78, cy];
  }
}
