// Small icons drawn as SVG (never a font's glyphs, which some systems lack): the replay
// viewer's buttons. Each is aria-hidden; the button carries the words.
import { svg } from "./ui.js";

const PATHS = {
  first: ["M5 4h2.5v16H5z", "M20 4v16L8.5 12z"],
  back: ["M17 4v16L5 12z"],
  play: ["M7 4v16l13-8z"],
  pause: ["M6 4h4.5v16H6z", "M13.5 4H18v16h-4.5z"],
  forward: ["M7 4v16l12-8z"],
  last: ["M16.5 4H19v16h-2.5z", "M4 4v16l11.5-8z"],
};

export function icon(name) {
  return svg("svg", { viewBox: "0 0 24 24", width: 20, height: 20, class: `icon icon-${name}`, "aria-hidden": "true", focusable: "false" },
    ...PATHS[name].map((d) => svg("path", { d, fill: "currentColor" })));
}
