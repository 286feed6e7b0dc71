// The theme this device chose in Settings, on <html> before the first paint (decision 034). A classic
// script from our own origin in <head>, so the CSP (script-src 'self') allows it and it runs before the
// page is drawn; src/lib/theme.ts keeps it up to date afterwards and holds the same key and colours.
// 'System' needs nothing here: the CSS follows prefers-color-scheme.
/* global document */
(function () {
  try {
    var choice = localStorage.getItem('grip:theme');
    if (choice !== 'light' && choice !== 'dark') return;
    document.documentElement.setAttribute('data-theme', choice);
    var colour = choice === 'dark' ? '#0f172a' : '#0f766e';
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i++) metas[i].setAttribute('content', colour);
  } catch {
    // Storage blocked: the system's theme it is.
  }
})();
