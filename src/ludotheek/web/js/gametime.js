// A game's time on its page (docs/web.md, "Slow games and clocks"): whose move it is until
// when (turn-based), each seat's clock counting down (a live game with a clock), the reminder
// when half of your time for a move is gone, and who ran out of time. The server's clock is
// the authority: the view's time.now against this device's clock gives the shift, so a
// device whose clock is wrong still counts down the server's time.
import { el } from "./ui.js";

// "1 d 3 h", "3 h 20 min", "12:04" (minutes:seconds under an hour)
export function leftText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

export function mountTime({ box, t, held }) {
  let view = null;
  let shift = 0;  // the server's clock minus this device's (seconds)
  const now = () => Date.now() / 1000 + shift;
  const line = el("p", { class: "time-line", id: "time-line" });
  const clocks = el("ul", { class: "clocks", id: "clocks" });
  const remind = el("p", { class: "time-remind", id: "time-remind", role: "alert", hidden: true });
  box.replaceChildren(line, clocks, remind);

  function draw() {
    const time = view && view.time;
    box.hidden = !time;
    if (!time) return;
    const at = now();
    const names = view.names || [];
    const out = time.out_seat;
    clocks.replaceChildren();
    remind.hidden = true;
    if (out !== null && out !== undefined && time.seat === null) {
      const lost = view.over && view.seats[out] && view.seats[out].type === "person";
      line.textContent = t(lost ? "time.out_lost" : "time.out_computer", { name: names[out] || "" });
      return;
    }
    const seat = time.seat;
    const mine = seat !== null && held()[seat] !== undefined;
    if (time.kind === "clock") {
      line.textContent = t("time.clock", { minutes: time.minutes, increment: time.increment });
      const left = time.left || [];
      left.forEach((base, i) => {
        const secs = i === seat ? base - (at - time.now) : base;
        clocks.append(el("li", { class: i === seat ? "running" : "", text: `${names[i] || ""} ${leftText(secs)}` }));
      });
      return;
    }
    const kind = time.days === 1 ? t("time.day") : t("time.days", { n: time.days });
    if (seat === null || !time.deadline) { line.textContent = kind; return; }
    const left = leftText(time.deadline - at);
    const when = new Date((time.deadline - shift) * 1000).toLocaleString(document.documentElement.lang || undefined,
      { weekday: "short", hour: "2-digit", minute: "2-digit" });
    line.textContent = `${kind} · ${t("time.deadline", { name: names[seat] || "", when, left })}`;
    if (mine && time.remind_at && at >= time.remind_at) {
      remind.textContent = t("time.remind", { left });
      remind.hidden = false;
    }
  }

  setInterval(draw, 1000);
  return {
    update(next) {
      view = next;
      if (next && next.time) shift = next.time.now - Date.now() / 1000;
      draw();
    },
  };
}
