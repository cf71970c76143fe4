// Page text comes from one catalog per language: /static/i18n/<lang>.json (a text missing
// from a catalog falls back to English). The server merges it from the parts in
// web/i18n/<lang>/*.json (server/pages/catalogs.py) and lists the languages it has at
// /static/i18n/languages.json.
// The first visit follows the browser's language; the switch in the header
// changes it everywhere and the choice is remembered.
import { mountSwitches } from "./switches.js";

export let LANGUAGES = ["en"];  // the server's list, once initI18n has read it
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

async function languages() {
  try {
    const res = await fetch("/static/i18n/languages.json");
    return res.ok ? (await res.json()).languages : ["en"];
  } catch { return ["en"]; }
}

export async function initI18n() {
  LANGUAGES = await languages();
  current = initialLanguage();
  [catalog, fallback] = await Promise.all([load(current), current === "en" ? {} : load("en")]);
  document.documentElement.lang = current;
  apply(document);
}

// whether the catalog (or the English one) has a text for `key`
export function has(key) { return key in catalog || key in fallback; }

// t("game.your_turn", {name: "South"}) -> "South, it is your turn." A count's word:
// "{n|tile|tiles}" is the first word when params.n is 1, else the second ("1 tile", "3 tiles").
export function t(key, params = {}) {
  let text = catalog[key] ?? fallback[key] ?? key;
  text = text.replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (all, k, one, other) => (
    k in params ? (Number(params[k]) === 1 ? one : other) : all));
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
  mountSwitches(el, t);  // sound and dark mode, on every page beside the languages
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
