// Under the board the hand strip (the eight tiles with their cells, greyed when a tile cannot
// be placed); beside the board on a wide screen, under the hand on a narrow one, the actions:
// the line saying in plain words what to do (first: on a phone it was under the buy buttons,
// off the screen), the button strip that follows the phase, and a preview of what the selected
// tile would do. Under the board they took its room: at 1366 x 768 buying shrank it to 308 px.
import { el } from "../../ui.js";
import { list, mine, money, moverName, seatName, unnamedHere } from "./format.js";

export function createControls(t) {
  const hand = el("div", { class: "akw-hand", id: "akw-hand", role: "group" });
  const buttons = el("div", { class: "akw-buttons", id: "akw-buttons", role: "toolbar", "aria-label": t("akwaier.buttons") });
  const line = el("p", { class: "akw-line", id: "akw-line", role: "status", "aria-live": "polite" });
  const preview = el("div", { class: "akw-preview", id: "akw-preview", "aria-live": "polite" });
  return {
    node: el("div", { class: "akw-controls", "data-keep": "" }, hand),
    actions: el("div", { class: "akw-actions", "data-keep": "" }, line, buttons, preview),
    hand, buttons, line, preview,
  };
}

// ui: { selected, founding, busy, canPick, onSelect(slot), act(move), cancel(), found(), standings() }
export function drawControls(c, view, ui, t) {
  drawHand(c.hand, view, ui, t);
  const { buttons, line, preview } = phase(view, ui, t);
  c.buttons.replaceChildren(...buttons);
  c.buttons.dataset.version = String(view.version);
  c.buttons.classList.toggle("buying", buttons.some((b) => b.classList.contains("buy-group")));
  c.line.textContent = line;
  c.preview.replaceChildren(...preview.map((text) => el("p", { text })));
}

export function drawHand(node, view, ui, t) {
  const st = view.state;
  if (!st.hand) {
    node.replaceChildren(el("p", { class: "akw-hand-none", text: t("akwaier.hand.spectator") }));
    return;
  }
  node.setAttribute("aria-label", t("akwaier.hand.label", { name: st.names[view.seat] }));
  node.replaceChildren(...st.hand.map((h) => {
    if (!h.cell) {
      return el("button", { type: "button", class: "akw-tile empty", id: `tile-${h.slot}`, disabled: true,
        "aria-label": t("akwaier.tile_empty", { n: h.slot }) },
      el("span", { class: "n", text: String(h.slot) }), el("span", { class: "cell", text: "–" }));
    }
    const selected = ui.selected === h.slot;
    return el("button", {
      type: "button", id: `tile-${h.slot}`, "data-cell": h.cell,
      class: `akw-tile ${h.placeable ? "lit" : "unlit"} ${selected ? "selected" : ""}`,
      "aria-disabled": ui.canPick ? null : "true", "aria-pressed": String(selected),
      "aria-label": t(h.placeable ? "akwaier.tile_label" : "akwaier.tile_label_no", { n: h.slot, cell: h.cell }),
      onclick: (ev) => {   // as on the board: a second tap on the chosen tile places it
        if (!ui.canPick) return;
        if (selected && ui.onConfirm && ev.detail < 2) ui.onConfirm(h.slot);
        else if (!selected) ui.onSelect(h.slot);
      },
    }, el("span", { class: "n", text: String(h.slot) }), el("span", { class: "cell", text: h.cell }));
  }));
}

function button(id, text, onclick, ui, cls = "", label = null) {
  return el("button", { type: "button", id, class: cls, text, disabled: ui.busy, onclick, "aria-label": label });
}

function phase(view, ui, t) {
  const st = view.state;
  if (view.over) {
    const top = st.standings[0];
    return {
      buttons: [button("act-standings", t("akwaier.act.standings"), ui.standings, ui, "primary")],
      line: t("akwaier.line.over", { name: top.name, wealth: money(top.wealth) }), preview: [],
    };
  }
  if (view.status && view.status !== "active") {   // aborted or abandoned: no result, no moves
    return { buttons: [], line: t(`shell.${view.status}`), preview: [] };
  }
  if (!mine(view)) {
    const name = moverName(view);
    const computer = view.seats[view.to_move] && view.seats[view.to_move].type === "computer";
    return { buttons: [], line: t(computer ? "akwaier.line.computer" : "akwaier.line.waiting", { name }), preview: [] };
  }
  return (PHASES[st.phase] || placePhase)(view, ui, t);
}

const PHASES = { place: placePhase, keep: keepPhase, buy: buyPhase };

function placePhase(view, ui, t) {
  const st = view.state;
  const name = seatName(view, view.seat);
  const you = unnamedHere(view) ? "_you" : "";
  if (st.can_pass) {
    return { buttons: [button("act-pass", t("akwaier.act.pass"), () => ui.act("pass"), ui, "primary")],
      line: t(`akwaier.line.pass${you}`, { name }), preview: [] };
  }
  const tile = ui.selected ? st.hand[ui.selected - 1] : null;
  if (!tile || !tile.cell) return { buttons: [], line: t(`akwaier.line.choose${you}`, { name }), preview: [] };
  const cancel = button("act-cancel", t("akwaier.act.cancel"), ui.cancel, ui);
  if (!tile.placeable) {
    return { buttons: [cancel], line: t("akwaier.line.illegal", { cell: tile.cell }), preview: [t("akwaier.preview.illegal", { cell: tile.cell })] };
  }
  if (ui.founding) {
    const found = tile.found.map((ch) => button(`found-${ch}`, ch, () => ui.act(`${tile.cell}+${ch}`), ui,
      `chain-btn chain-${ch}`, t("akwaier.act.found_chain", { chain: ch, cell: tile.cell })));
    return { buttons: [...found, cancel], line: t("akwaier.line.found", { cell: tile.cell }), preview: [t("akwaier.preview.found")] };
  }
  const what = tile.action === "loose" ? t("akwaier.act.loose")
    : tile.action === "join" ? t("akwaier.act.onto", { chain: tile.chains[0] })
      : tile.survivor ? t("akwaier.act.merge", { chains: list(tile.chains.filter((c) => c !== tile.survivor), t), into: tile.survivor })
        : t("akwaier.act.tie", { tied: list(tile.tied, t) });
  const buttons = [button("act-place", t("akwaier.act.place", { cell: tile.cell, what }), () => ui.act(tile.cell), ui, "primary")];
  if (tile.found && tile.found.length) buttons.push(button("act-found", t("akwaier.act.found", { cell: tile.cell }), ui.found, ui));
  buttons.push(cancel);
  const line = tile.found && tile.found.length ? "akwaier.line.place_found" : "akwaier.line.place";
  return { buttons, line: t(line, { cell: tile.cell }), preview: tilePreview(tile, view.seat, t) };
}

function keepPhase(view, ui, t) {
  const st = view.state;
  const legal = new Set(view.legal_moves);
  const p = st.pending;
  const buttons = p.tied.filter((ch) => legal.has(`keep ${ch}`)).map((ch) => button(`keep-${ch}`,
    t("akwaier.act.keep", { chain: ch }), () => ui.act(`keep ${ch}`), ui, `chain-btn chain-${ch}`));
  const preview = p.tied.map((ch) => `${t("akwaier.preview.if_keep", { chain: ch })} ${mergerText(p.merger[ch], view.seat, t)}`);
  return { buttons, line: t("akwaier.line.keep", { cell: p.cell, tied: list(p.tied, t) }), preview };
}

function buyPhase(view, ui, t) {
  const st = view.state;
  const byChain = new Map();
  for (const m of view.legal_moves) {
    const parts = m.split(" ");
    if (parts[0] === "buy" && parts.length === 3) {
      if (!byChain.has(parts[1])) byChain.set(parts[1], []);
      byChain.get(parts[1]).push(Number(parts[2]));
    }
  }
  const groups = [];
  for (const [ch, counts] of byChain) {
    const price = st.chains.find((c) => c.chain === ch).price;
    groups.push(el("span", { class: "buy-group", "data-chain": ch },
      el("span", { class: `chip chain-${ch}`, text: ch }),
      ...counts.map((n) => {
        // "2 · 1,840" on a wide screen; on a phone the count over the cost (css/akwaier.css)
        const b = button(`buy-${ch}-${n}`, "", () => ui.act(`buy ${ch} ${n}`), ui, "buy",
          t("akwaier.act.buy_label", { n, chain: ch, cost: money(n * price) }));
        b.append(el("span", { class: "buy-n", text: String(n) }), el("span", { class: "buy-sep", text: " · " }),
          el("span", { class: "buy-cost", text: money(n * price) }));
        return b;
      })));
  }
  // first what the buttons are ("1 · 1,040" alone said nothing), with "Buy nothing" beside it
  groups.unshift(el("div", { class: "buy-head" },
    el("span", { class: "buy-what", id: "buy-what", text: t("akwaier.act.buy_what") }),
    button("buy-none", t("akwaier.act.buy_none"), () => ui.act("buy none"), ui)));
  const me = st.players[view.seat];
  return { buttons: groups, line: t("akwaier.line.buy", { cash: money(me.cash) }), preview: [] };
}

// What the selected tile would do, in words.
function tilePreview(tile, seat, t) {
  if (tile.action === "loose") {
    return [t("akwaier.preview.loose", { cell: tile.cell }) + (tile.found.length ? ` ${t("akwaier.preview.can_found")}` : "")];
  }
  if (tile.action === "join") {
    const along = tile.absorbs_loose.length ? ` ${t("akwaier.preview.along", { cells: list(tile.absorbs_loose, t) })}` : "";
    return [t("akwaier.preview.join", { cell: tile.cell, chain: tile.chains[0] }) + along];
  }
  if (tile.survivor) return [mergerText(tile.merger[tile.survivor], seat, t)];
  return [t("akwaier.preview.tie", { cell: tile.cell, tied: list(tile.tied, t) }),
    ...tile.tied.map((ch) => `${t("akwaier.preview.if_keep", { chain: ch })} ${mergerText(tile.merger[ch], seat, t)}`)];
}

function mergerText(parts, seat, t) {
  return parts.map((p) => {
    const mineNow = seat === null || seat === undefined ? 0 : p.payouts[seat];
    const swap = seat === null || seat === undefined ? 0 : p.exchange[seat];
    let text = t("akwaier.preview.absorb", { chain: p.chain, tiles: p.tiles, into: p.into, pot: money(p.pot) });
    text += " " + (mineNow > 0 ? t("akwaier.preview.you_get", { amount: money(mineNow) }) : t("akwaier.preview.you_get_nothing"));
    if (swap > 0) text += " " + t("akwaier.preview.exchange", { n: swap, into: p.into });
    return `${text}.`;
  }).join(" ");
}
