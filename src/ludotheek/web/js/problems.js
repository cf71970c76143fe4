// The server's refusals in the page's language. An error answer carries, besides its
// English `error`, a `code` and its `params`; the catalog's "errors.<code>" words it, each
// {name} filled in: a parameter that is itself a problem ({code, params}) is worded the same
// way, `seat` and `…_seat` are seat numbers shown as the seat's name, a text with a catalog
// word "errors.word.<text>" (a fish colour, a kind of tile) is that word, a list its items
// separated by commas. Without a code (or a text for it) the English message is shown.
// The terminal does the same (src/ludotheek/core/texts.py).
import { has, t } from "./i18n.js";

function param(name, value, names) {
  if (value && typeof value === "object" && !Array.isArray(value) && value.code) return problemText(value, names) ?? String(value.code);
  if (Array.isArray(value)) return value.map((v) => param(name, v, names)).join(", ");
  if ((name === "seat" || name.endsWith("_seat")) && Number.isInteger(value)) return names[value] ?? String(value + 1);
  if (typeof value === "string" && has(`errors.word.${value}`)) return t(`errors.word.${value}`);
  return String(value);
}

// {code, params} in the page's language, or null when the catalog has no text for the code.
export function problemText(problem, names = []) {
  if (!problem || !problem.code || !has(`errors.${problem.code}`)) return null;
  let text = t(`errors.${problem.code}`);
  for (const [name, value] of Object.entries(problem.params || {})) text = text.replaceAll(`{${name}}`, param(name, value, names));
  return text;
}

// What to tell the player about a failed request (an ApiError from api.js): the server's
// problem in the page's language, "the server cannot be reached" when it is away, else the
// server's own message.
export function errorText(err, names = []) {
  if (!err) return "";
  if (err.status === 0) return t("errors.network");
  return problemText(err.body, names) ?? err.message;
}
