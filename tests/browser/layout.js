// Measurements that tests/browser/layout.py runs in the page (each entry a function of one argument).
({
  // what sticks out to the right of the layout viewport
  overflow: () => {
    const W = document.documentElement.clientWidth;
    const wide = [];
    for (const e of document.querySelectorAll("body *")) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > W + 0.5 && getComputedStyle(e).position !== "fixed") {
        wide.push(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""} ${Math.round(r.left)}-${Math.round(r.right)}`);
      }
    }
    return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, width: W, wide: wide.slice(0, 8) };
  },
  // what of the page's header is out of its place: a part (the name, the nav, the language
  // buttons) over another, or something of a part outside that part's box (so drawn under its
  // neighbour or cut off), or outside the viewport
  header: () => {
    const top = document.querySelector("header.top");
    if (!top) return [];
    const W = document.documentElement.clientWidth;
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.className && typeof e.className === "string" ? `.${e.className.split(" ")[0]}` : ""}`;
    const shown = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden";
    const parts = [...top.children].filter(shown);
    const boxes = parts.map((e) => e.getBoundingClientRect());
    const out = [];
    const within = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
    parts.forEach((part, i) => {
      const b = boxes[i];
      if (b.left < -0.5 || b.right > W + 0.5) out.push(`${name(part)} ${Math.round(b.left)}-${Math.round(b.right)} outside the ${W} px viewport`);
      for (let j = i + 1; j < parts.length; j++) {
        const o = boxes[j];
        if (b.left < o.right - 0.5 && o.left < b.right - 0.5 && b.top < o.bottom - 0.5 && o.top < b.bottom - 0.5) out.push(`${name(part)} over ${name(parts[j])}`);
      }
      for (const c of part.querySelectorAll("*")) {
        if (!shown(c)) continue;
        const r = c.getBoundingClientRect();
        if (r.width && !within(r, b)) out.push(`${name(c)} ${Math.round(r.left)}-${Math.round(r.right)} outside its ${name(part)} ${Math.round(b.left)}-${Math.round(b.right)}`);
      }
    });
    return out;
  },
  // from now on, at every frame while `when` matches (the player's turn) and the page is at its
  // top: which of `selectors` is not wholly in the viewport (what a check between two frames
  // would miss, or catch only under load); read and emptied by `watched`
  watch: ({ selectors, when }) => {
    window.__layoutSeen = [];
    const step = () => {
      if (window.scrollY === 0 && document.querySelector(when)) {
        const W = document.documentElement.clientWidth, H = window.innerHeight;
        for (const s of selectors) {
          const e = [...document.querySelectorAll(s)].find((n) => n.getClientRects().length);
          if (!e) continue;
          const r = e.getBoundingClientRect();
          if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
            const v = document.querySelector("#board [data-version]");
            const seen = `${s}: ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} outside ${W}x${H} in a frame (version ${v ? v.dataset.version : "?"})`;
            if (!window.__layoutSeen.includes(seen)) window.__layoutSeen.push(seen);
          }
        }
      }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  },
  watched: () => {
    const seen = window.__layoutSeen || [];
    window.__layoutSeen = [];
    return seen;
  },
  // the box of the first visible element of each selector (null: none)
  boxes: (selectors) => selectors.map((s) => {
    const found = [...document.querySelectorAll(s)].filter((e) => e.getClientRects().length);
    if (!found.length) return [s, null];
    const r = found[0].getBoundingClientRect();
    return [s, { left: r.left, top: r.top, right: r.right, bottom: r.bottom }];
  }),
  // every visible thing a finger can act on that is smaller than `tap` px either way; an input
  // inside a label counts with its label, a link inside a sentence not at all
  small: ({ tap, exempt }) => {
    const out = [];
    const seen = new Set();
    const nodes = document.querySelectorAll(
      "button, a[href], select, input, textarea, summary, [role=button], [role=tab], [tabindex='0']");
    for (let e of nodes) {
      if (e.closest("[hidden], dialog:not([open])") || e.disabled) continue;
      if (exempt && e.closest(exempt)) continue;
      if (e.matches("ol, ul")) continue;  // a list that scrolls is focusable for the keyboard, no target
      if (e.matches("input") && e.closest("label")) e = e.closest("label");
      if (e.matches("a") && e.closest("p, li, td") && !e.closest("nav, .controls, .tap-row")) continue;
      if (seen.has(e)) continue;
      seen.add(e);
      const s = getComputedStyle(e);
      if (s.visibility === "hidden" || s.display === "none") continue;
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      if (r.width < tap - 0.5 || r.height < tap - 0.5) {
        const name = `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}`;
        const text = (e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 30);
        out.push(`${name} "${text}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return out;
  },
  // the icons drawn in buttons (an svg with a viewBox) that the button squeezes narrower than
  // their drawing (a long word beside them leaves them no room: the picture shrinks or goes)
  squashed: () => {
    const out = [];
    for (const icon of document.querySelectorAll("button svg[viewBox], a.button svg[viewBox]")) {
      if (icon.closest("[hidden], dialog:not([open])") || !icon.getClientRects().length) continue;
      const vb = icon.viewBox.baseVal;
      const r = icon.getBoundingClientRect();
      if (!vb || !vb.width || !vb.height || !r.height) continue;
      const wanted = (r.height * vb.width) / vb.height;
      if (r.width < wanted * 0.9 - 0.5) {
        const button = icon.closest("button, a.button");
        const name = `${button.tagName.toLowerCase()}${button.id ? `#${button.id}` : ""}`;
        out.push(`${name} "${button.textContent.trim().slice(0, 30)}": icon ${Math.round(r.width)} px wide of ${Math.round(wanted)}`);
      }
    }
    return out;
  },
  // the menus whose options are wider than the menu (their text would be cut off): the
  // width of each option's text in the menu's font, plus room for the arrow
  cutOff: (selector) => {
    const ctx = document.createElement("canvas").getContext("2d");
    const out = [];
    for (const sel of document.querySelectorAll(selector)) {
      if (!sel.getClientRects().length) continue;
      const style = getComputedStyle(sel);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      for (const o of sel.options) {
        const w = ctx.measureText(o.textContent).width;
        if (w > room) out.push(`${sel.name}: "${o.textContent}" ${Math.round(w)} px in ${Math.round(room)} px`);
      }
    }
    return out;
  },
})
