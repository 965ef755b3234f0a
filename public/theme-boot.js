// Runs before the first paint (a blocking script in index.html's head): marks the page with the theme
// chosen on this device, so nothing flashes in the wrong theme while the portal loads (issue 13).
// The key and the rule are src/lib/themeChoice.ts's; tests/unit/lib/themeChoice.test.ts keeps them equal.
(function () {
  try {
    var choice = window.localStorage.getItem('mb-theme');
    var dark = choice === 'dark' || (choice !== 'light' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // No storage (private mode, blocked): the portal decides once it loads.
  }
})();
