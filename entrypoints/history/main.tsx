/**
 * history.html is kept so links and bookmarks made before the history view moved into the workbench
 * page still work: it forwards its query to `workbench.html` with `view=history`.
 */
import { browser } from 'wxt/browser';

const params = new URLSearchParams(window.location.search);
params.set('view', 'history');
window.location.replace(browser.runtime.getURL(`/workbench.html?${params.toString()}`));
