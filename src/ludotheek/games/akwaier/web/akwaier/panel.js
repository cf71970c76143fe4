// The data panel: the chains (price, tiles, can it be founded), each player's shares with
// the largest holder of every chain marked and the second muted, each player's cash and
// wealth with the player to move marked, and the tiles left in the bag.
import { el } from "../../ui.js";
import { CHAINS, money } from "./format.js";

// On a phone the three tables are tabs (one shown at a time, ←/→ between the tabs); on a
// wider screen all three are shown and the tabs are hidden (css/akwaier.css).
const TABS = ["players", "chains", "shares"];

export function createPanel(t) {
  const chains = el("table", { class: "akw-table", id: "akw-chains" });
  const players = el("table", { class: "akw-table", id: "akw-players" });
  const shares = el("table", { class: "akw-table akw-shares", id: "akw-shares" });
  const bag = el("p", { class: "akw-bag", id: "akw-bag" });
  const tabs = TABS.map((name) => el("button", { type: "button", role: "tab", id: `akw-tab-${name}`,
    "aria-controls": `akw-block-${name}`, "data-tab": name, "data-key": `akwaier.tab.${name}` }));
  const tablist = el("div", { class: "akw-tabs", role: "tablist" }, ...tabs);
  const block = (name, ...children) => el("div", { class: `akw-block akw-block-${name}`, id: `akw-block-${name}`,
    role: "tabpanel", "aria-labelledby": `akw-tab-${name}` }, el("h3", { "data-key": `akwaier.${name}` }), ...children);
  const node = el("section", { class: "akw-panel", "aria-label": t("akwaier.panel"), "data-tab": TABS[0] },
    tablist, block("chains", chains), block("players", players, bag), block("shares", shares));
  const choose = (name, focus) => {
    node.dataset.tab = name;
    for (const b of tabs) {
      const on = b.dataset.tab === name;
      b.setAttribute("aria-selected", String(on));
      b.tabIndex = on ? 0 : -1;
      if (on && focus) b.focus();
    }
  };
  tabs.forEach((b, i) => {
    b.addEventListener("click", () => choose(b.dataset.tab, false));
    b.addEventListener("keydown", (ev) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[ev.key];
      if (step) { ev.preventDefault(); choose(TABS[(i + step + TABS.length) % TABS.length], true); }
    });
  });
  choose(TABS[0], false);
  return { node, chains, players, shares, bag };
}

const chip = (ch) => el("span", { class: `chip chain-${ch}`, text: ch });

export function drawPanel(panel, view, t) {
  const st = view.state;
  panel.node.querySelectorAll("[data-key]").forEach((h) => { h.textContent = t(h.dataset.key); });

  panel.chains.replaceChildren(
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: t("akwaier.col.chain") }),
      el("th", { scope: "col", class: "num", text: t("akwaier.col.price") }),
      el("th", { scope: "col", class: "num", text: t("akwaier.col.tiles") }),
      el("th", { scope: "col", text: t("akwaier.col.foundable") }))),
    el("tbody", {}, st.chains.map((c) => el("tr", { class: c.exists ? "" : "absent", "data-chain": c.chain },
      el("th", { scope: "row" }, chip(c.chain)),
      el("td", { class: "num", text: c.exists ? money(c.price) : "–" }),
      el("td", { class: "num", text: String(c.tiles) }),
      el("td", { text: c.foundable ? t("akwaier.yes") : t("akwaier.no") })))));

  const largest = {};
  const second = {};
  for (const c of st.chains) { largest[c.chain] = new Set(c.largest); second[c.chain] = new Set(c.second); }
  panel.shares.replaceChildren(
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("akwaier.col.player") }),
      ...[...CHAINS].map((ch) => el("th", { scope: "col", class: "num" }, chip(ch))))),
    el("tbody", {}, st.players.map((p) => el("tr", { class: p.to_move ? "to-move" : "", "data-seat": String(p.seat) },
      el("th", { scope: "row", text: p.name }),
      ...[...CHAINS].map((ch) => {
        const n = p.shares[ch];
        const rank = n > 0 && largest[ch].has(p.seat) ? "largest" : n > 0 && second[ch].has(p.seat) ? "second" : "";
        return el("td", { class: `num ${rank}`, "data-chain": ch, text: n ? String(n) : "·",
          title: rank ? t(`akwaier.${rank}_holder`, { chain: ch }) : null });
      })))));

  panel.players.replaceChildren(
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: t("akwaier.col.player") }),
      el("th", { scope: "col", class: "num", text: t("akwaier.col.cash") }),
      el("th", { scope: "col", class: "num", text: t("akwaier.col.wealth") }))),
    el("tbody", {}, st.players.map((p) => el("tr", { class: `${p.to_move ? "to-move" : ""} ${p.seat === view.seat ? "mine" : ""}`.trim(),
      "data-seat": String(p.seat), "aria-current": p.to_move ? "true" : null },
      el("th", { scope: "row" }, el("span", { class: "bar", "aria-hidden": "true", text: p.to_move ? "▶" : "" }), playerName(view, p),
        // this page's own seat (issue 36), marked as the shell's players list marks it
        p.seat === view.seat ? el("span", { class: "tag akw-you", text: ` (${t("game.you")})` }) : null),
      el("td", { class: "num", text: money(p.cash) }),
      el("td", { class: "num wealth", text: money(p.wealth) })))));
  panel.bag.textContent = t("akwaier.bag", { n: st.bag });
}

// A player's name: the one their seat was given where it differs from the game's own (a person
// who took an invited seat with their name, or a profile's), else the game's (OPA, OMA, ...).
function playerName(view, p) {
  const seat = (view.seats || [])[p.seat];
  return seat && seat.name && seat.type === "person" && seat.name.toUpperCase() !== p.name ? seat.name : p.name;
}
