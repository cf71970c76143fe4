// Page text comes from one catalog per language: /static/i18n/<lang>.json (English, Dutch,
// Norwegian; a text missing from a catalog falls back to English). The server merges it
// from the parts in web/i18n/<lang>/*.json (server/catalogs.py).
// The first visit follows the browser's language; the switch in the header
// changes it everywhere and the choice is remembered.
export const LANGUAGES = ["en", "nl", "no"];
const KEY = "ludotheek.lang";
let catalog = {};
let fallback = {};
let current = "en";

export function language() { return current; }

function initialLanguage() {
  const saved = localStorage.getItem(KEY);
  if (LANGUAGES.includes(saved)) return saved;
  // Norwegian browsers say nb (Bokmål) or nn (Nynorsk); the catalog is "no"
  const wanted = (navigator.languages || [navigator.language || "en"])
    .map((l) => l.slice(0, 2).toLowerCase()).map((l) => (l === "nb" || l === "nn" ? "no" : l));
  return wanted.find((l) => LANGUAGES.includes(l)) || "en";
}

async function load(lang) {
  const res = await fetch(`/static/i18n/${lang}.json`);
  return res.ok ? res.json() : {};
}

export async function initI18n() {
  current = initialLanguage();
  [catalog, fallback] = await Promise.all([load(current), current === "en" ? {} : load("en")]);
  document.documentElement.lang = current;
  apply(document);
}

// whether the catalog (or the English one) has a text for `key`
export function has(key) { return key in catalog || key in fallback; }

// t("wari.wins", {name: "South"}) -> "South wins"
export function t(key, params = {}) {
  let text = catalog[key] ?? fallback[key] ?? key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export function apply(root) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  root.querySelectorAll("[data-i18n-title]").forEach((el) => { el.title = t(el.dataset.i18nTitle); });
  root.querySelectorAll("[data-i18n-label]").forEach((el) => {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  });
}

export async function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) return;
  localStorage.setItem(KEY, lang);
  current = lang;
  [catalog, fallback] = await Promise.all([load(lang), lang === "en" ? {} : load("en")]);
  document.documentElement.lang = lang;
  apply(document);
  document.dispatchEvent(new CustomEvent("languagechange", { detail: lang }));
}

export function mountLanguageSwitch(el) {
  el.innerHTML = "";
  for (const lang of LANGUAGES) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = lang.toUpperCase();
    b.dataset.lang = lang;
    b.setAttribute("aria-pressed", String(lang === current));
    b.addEventListener("click", () => setLanguage(lang));
    el.append(b);
  }
  document.addEventListener("languagechange", () => {
    el.querySelectorAll("button").forEach((b) => {
      b.setAttribute("aria-pressed", String(b.dataset.lang === current));
    });
  });
}
