// Loaded (not as a module) in every page's head, before anything is drawn: the theme chosen on
// this device ("light" or "dark", js/switches.js), so a page never flashes the other one.
// Without a choice the page follows the system (prefers-color-scheme, css/ludotheek.css).
(() => {
  try {
    const theme = localStorage.getItem("ludotheek.theme");
    if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  } catch { /* no storage: the system's */ }
})();
