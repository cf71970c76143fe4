// Nim, the test game's page: a row of buttons per heap, one button per count to take.
// It lives in tests/nim/web/ and is served at /static/js/games/nim.js like any renderer.
import { el } from "../ui.js";

export function create(ctx) {
  const { t } = ctx;
  const heaps = el("div", { class: "nim-heaps", id: "nim-heaps" });
  ctx.board.replaceChildren(heaps);
  ctx.extra.replaceChildren();

  function update(view) {
    heaps.dataset.version = String(view.version);  // which view is shown (the tests wait for it)
    const legal = new Set(view.legal_moves);
    heaps.replaceChildren(...view.state.heaps.map((size, h) => {
      const buttons = [];
      for (let n = 1; n <= size; n++) {
        const move = `${h + 1}-${n}`;
        buttons.push(el("button", {
          type: "button", class: "nim-take", "data-move": move, text: String(n),
          "aria-label": t("nim.take", { n, heap: h + 1 }), disabled: !legal.has(move),
          onclick: () => ctx.play(move),
        }));
      }
      return el("div", { class: "nim-heap", "data-heap": h + 1 },
        el("span", { class: "tag", text: `${t("nim.heap", { n: h + 1 })}: ${"●".repeat(size)}` }),
        ...buttons);
    }));
  }

  return {
    update,
    status(view) {
      if (view.over || view.thinking || !view.legal_moves.length) return null;
      return t("nim.your_move", { name: view.names[view.to_move] });
    },
  };
}
