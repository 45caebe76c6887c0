// Runs before the page's body (a classic script: the CSP allows no inline code). Marks <html> so the
// static login form of index.html shows the right app's title, and stays hidden when a session exists
// (the app itself then opens the shell). See docs/performance.md.
(function () {
  var classes = document.documentElement.classList;
  var path = window.location.pathname;
  var stored = null;
  try {
    if (window.sessionStorage.getItem('token')) classes.add('has-session');
    stored = window.localStorage.getItem('appKey');
  } catch {
    // Storage refused (privacy mode): the form shows, as for a visitor without a session.
  }
  if (/^\/report(\/|$)/.test(path) || (!/^\/admin(\/|$)/.test(path) && stored === 'reportSite')) classes.add('app-report');
})();
