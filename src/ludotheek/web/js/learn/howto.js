// "How to play": the rules for players in a dialog, over any page (the lobby, a game in
// play, a guided game) without leaving it. The texts are catalog keys the server lists
// (/api/learn/<game>/howto); every diagram is a real position drawn by the game's own
// renderer (in its replay mode: no controls), with rings on the places its caption names
// and, where it has several frames, buttons to step from "before" to "after".
import { api } from "../api.js";
import { language } from "../i18n.js";
import { el, loadStylesheet } from "../ui.js";
import { Marker } from "./marks.js";

let available = null;

// Which games have a "How to play" and a guided game: {game: {howto, lesson}}.
export async function learnable() {
  if (!available) {
    available = api.get("/api/learn").then((res) => Object.fromEntries(res.games.map((g) => [g.game, g])))
      .catch(() => ({}));
  }
  return available;
}

// The "How to play" button of a game (the lobby's card, the game page, the guided game).
export function howtoButton(game, t, extra = {}) {
  return el("button", { type: "button", class: "learn-howto-button", id: extra.id || `howto-${game}`,
    "aria-haspopup": "dialog", "aria-label": t("learn.howto"), title: t("learn.howto"), onclick: () => openHowTo(game, t) },
  el("span", { class: "learn-q", "aria-hidden": "true", text: "?" }), el("span", { class: "learn-label", text: t("learn.howto") }));
}

let open = null;   // the dialog shown, with what it must tear down

export async function openHowTo(game, t) {
  if (open) open.close();
  await loadStylesheet("learn");
  const [data, renderer, guide] = await Promise.all([
    api.get(`/api/learn/${game}/howto?lang=${language()}`),
    import(`../games/${game}.js`),
    import(`./games/${game}.js`),
  ]);
  if (renderer.stylesheet) await renderer.stylesheet();
  const figures = new Map();
  const closeBtn = el("button", { type: "button", class: "learn-close", id: "howto-close", "aria-label": t("learn.close"), text: "✕" });
  const body = el("div", { class: "learn-howto-body" });
  const dialog = el("dialog", { class: "learn-howto", id: "howto", "data-game": game, "aria-labelledby": "howto-title" },
    el("header", { class: "learn-howto-head" },
      el("h2", { id: "howto-title", text: t("learn.howto_title", { game: t(`${game}.title`) }) }), closeBtn),
    body);
  body.append(el("p", { class: "learn-summary", text: t(data.summary) }));
  const byId = new Map(data.diagrams.map((d) => [d.id, d]));
  const toc = el("nav", { class: "learn-toc", "aria-label": t("learn.contents") },
    ...data.sections.map((s) => el("a", { href: `#howto-${s.id}`, text: t(s.title),
      onclick: (ev) => { ev.preventDefault(); dialog.querySelector(`#howto-${s.id}`).scrollIntoView({ behavior: "smooth" }); } })));
  body.append(toc);
  for (const s of data.sections) {
    const section = el("section", { class: "learn-section", id: `howto-${s.id}` }, el("h3", { text: t(s.title) }),
      ...s.paragraphs.map((p) => el("p", { text: t(p) })));
    for (const id of s.diagrams) {
      const figure = diagramFigure(byId.get(id), game, renderer, guide, t);
      figures.set(figure.node, figure);
      section.append(figure.node);
    }
    body.append(section);
  }
  // the boards are drawn when they come into sight (a dialog opens at once)
  const seen = new IntersectionObserver((entries) => {
    for (const e of entries) if (e.isIntersecting) figures.get(e.target).draw();
  }, { root: dialog, rootMargin: "200px" });
  figures.forEach((_, node) => seen.observe(node));
  const onLanguage = () => { close(); openHowTo(game, t); };
  let closed = false;
  function close() {
    if (closed) return;
    closed = true;
    seen.disconnect();
    figures.forEach((f) => f.destroy());
    document.removeEventListener("languagechange", onLanguage);
    if (dialog.open) dialog.close();
    dialog.remove();
    if (open && open.dialog === dialog) open = null;
  }
  closeBtn.addEventListener("click", close);
  dialog.addEventListener("close", close);
  dialog.addEventListener("click", (ev) => { if (ev.target === dialog) close(); });   // the backdrop
  document.addEventListener("languagechange", onLanguage);
  document.body.append(dialog);
  dialog.showModal();
  closeBtn.focus();
  open = { dialog, close };
  return dialog;
}

// One diagram: the game's board for each frame, its caption, and "before / after" buttons.
function diagramFigure(diagram, game, renderer, guide, t) {
  const board = el("div", { class: "learn-board" });
  const caption = el("p", { class: "learn-caption" });
  const node = el("figure", { class: "learn-figure", id: `diagram-${diagram.id}`, "data-diagram": diagram.id });
  const frames = diagram.frames;
  let at = 0;
  let drawn = null;
  let marker = null;
  const count = el("span", { class: "learn-frame-count" });
  const back = el("button", { type: "button", class: "learn-frame-back", "aria-label": t("learn.frame_back"), text: "◀", onclick: () => go(at - 1) });
  const forward = el("button", { type: "button", class: "learn-frame-next", text: `${t("learn.frame_next")} ▶`, onclick: () => go(at + 1) });
  const nav = frames.length > 1 ? el("div", { class: "learn-frame-nav" }, back, count, forward) : null;
  node.append(el("figcaption", {}, caption, nav), board);   // the caption first: boards can be tall

  function go(i) {
    if (i < 0 || i >= frames.length || !drawn) return;
    const prev = i === at + 1 ? frames[at].view : null;
    at = i;
    try { drawn.update(frames[at].view, prev); } catch (err) { console.error(err); }
    caption.textContent = t(frames[at].text);
    count.textContent = t("learn.frame_of", { i: at + 1, n: frames.length });
    back.disabled = at === 0;
    forward.disabled = at === frames.length - 1;
  }

  return {
    node,
    draw() {
      if (drawn) return;
      drawn = renderer.create({
        gameId: `howto-${game}-${diagram.id}`, t, replay: true, play: async () => false, resign: async () => {},
        undo: async () => false, held: () => ({}), board, extra: el("div"), refresh: () => {},
        report: (err) => console.error(err),
        history: (from, to) => api.get(`/api/learn/${game}/howto/history?diagram=${diagram.id}&from=${from}&to=${to}`),
      });
      at = 0;
      try { drawn.update(frames[0].view, null); } catch (err) { console.error(err); }
      caption.textContent = t(frames[0].text);
      count.textContent = t("learn.frame_of", { i: 1, n: frames.length });
      back.disabled = true;
      forward.disabled = frames.length < 2;
      marker = new Marker(node);
      marker.set({ places: () => frames[at].marks.map((m) => guide.locate(board, m)) });
    },
    destroy() { if (marker) marker.destroy(); },
  };
}
