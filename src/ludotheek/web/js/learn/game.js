// The game page's part of learning to play: "How to play" in the header, opened over the
// game at any moment without leaving it.
import { loadStylesheet } from "../ui.js";
import { howtoButton, learnable } from "./howto.js";

export async function mountLearn(game, t) {
  if (!(await learnable())[game]?.howto) return;
  loadStylesheet("learn");
  const place = () => {
    const old = document.getElementById("howto-button");
    const button = howtoButton(game, t, { id: "howto-button" });
    if (old) old.replaceWith(button); else document.getElementById("title").after(button);
  };
  place();
  document.addEventListener("languagechange", place);
}
