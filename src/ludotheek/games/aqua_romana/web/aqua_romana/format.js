// Small helpers of the Aqua Romana page: names in the page's language, the stylesheet.
import { loadStylesheet } from "../../ui.js";

// "blue2" -> "Blue 2" / "Blauw 2" / "Blå 2"
export function workerName(t, name) {
  const m = /^([a-z]+)(\d+)$/.exec(name || "");
  if (!m) return String(name);
  return t("aqua_romana.worker", { colour: t(`aqua_romana.colour.${m[1]}`), n: m[2] });
}

export function kindName(t, kind) {
  return t(`aqua_romana.kind.${kind}`);
}

export function seatName(view, seat) {
  if (seat === null || seat === undefined) return "";
  return (view.names && view.names[seat]) || String(seat + 1);
}

// whether this page decides now: the view's legal moves (empty unless a held seat is to move)
export function mine(view) {
  return Array.isArray(view.legal_moves) && view.legal_moves.length > 0;
}

export function stylesheet() {
  return loadStylesheet("aqua_romana");
}
