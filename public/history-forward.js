// history.html is a plain file of public/, not an entrypoint: WXT makes an entrypoint named
// `history` Chrome's History page override (chrome_url_overrides), which took over Ctrl+H. The
// page only forwards links and bookmarks made before the history view moved into the workbench.
const params = new URLSearchParams(window.location.search);
params.set('view', 'history');
window.location.replace(`/workbench.html?${params.toString()}`);
