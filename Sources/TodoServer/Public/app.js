// The live page: connects, shows snapshots and changes, and turns what the person does into
// events. The server's store decides everything; what the person does shows at once as a
// prediction until the server's answer replaces it (optimistic.js).

import { Connection } from './connection.js';
import { Desync } from './list-model.js';
import { ListView, ROWS } from './list-view.js';
import { Chrome } from './chrome.js';
import { enableReordering } from './reorder.js';
import { enableListReordering } from './list-order.js';
import { Optimistic } from './optimistic.js';

const $ = (id) => document.getElementById(id);
const filterFromHash = () => ({ '#/active': 'active', '#/completed': 'completed' })[location.hash] ?? 'all';

let revision = 0;
let chrome = null;
let socketOnline = false;
const send = (type, fields) => optimistic.send(type, fields);

const view = new ListView($('list'), (action, id, extra = {}) => {
  switch (action) {
    case 'toggle': send('toggle', { id }); break;
    case 'edit': editor.open(id); break;
    case 'delete': send('requestDelete', { id }); break;
    case 'up': case 'down': moveByKeyboard(id, action); break;
    case 'setExpanded': send('setExpanded', { id, expanded: extra.expanded }); break;
    case 'indent': case 'outdent': if (!chrome?.view) send(action, { id }); break;
    case 'setStatus': send('setStatus', { id, status: extra.status }); break;
    case 'showRows': send('showRows', { rows: extra.rows }); break;
  }
});

const ui = new Chrome({ send, view });
const editor = ui.editor;

function moveByKeyboard(id, direction) {
  // A smart view is in deadline order: nothing to reorder.
  if (chrome?.view) return;
  // Among its siblings: past a sibling's subtasks, never out of its parent.
  const ids = view.visibleIds().filter((i) => view.cells.get(i)?.kind === 'todo');
  const level = view.level(id);
  const step = direction === 'up' ? -1 : 1;
  let at = direction === 'up' ? ids.indexOf(id) : ids.indexOf(id) + view.subtree(id).length - 1;
  let other;
  for (at += step; at >= 0 && at < ids.length; at += step) {
    const otherLevel = view.level(ids[at]);
    if (otherLevel < level) break;
    if (otherLevel === level) {
      other = ids[at];
      break;
    }
  }
  if (other === undefined) return;
  send('move', direction === 'up' ? { id, before: other } : { id, after: other });
  requestAnimationFrame(() => view.itemNodes.get(id)?.focus());
}

function onMessage(message) {
  if (message.v !== 1) return;
  switch (message.type) {
    case 'snapshot':
      revision = message.rev;
      optimistic.snapshot(message);
      showChrome(message.chrome);
      document.body.dataset.revision = String(revision);
      break;
    case 'changes':
      if (message.rev !== revision + 1) return resync();
      try {
        optimistic.changes(message);
      } catch (error) {
        if (error instanceof Desync) return resync();
        throw error;
      }
      revision = message.rev;
      if (message.chrome) showChrome(message.chrome);
      document.body.dataset.revision = String(revision);
      break;
    case 'error':
      ui.problem(message.message);
      break;
  }
}

function resync() {
  send('resync');
}

/** Dates the person types, "overdue" and the smart views are read in the browser's time zone. */
function sendTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) send('setTimeZone', { zone });
}

/**
 * At the browser's midnight the page says its time zone again, which makes the server read
 * the day again: Today, Upcoming, Overdue and "overdue" follow the date with no reload.
 */
let midnight = null;
function atMidnight() {
  clearTimeout(midnight);
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 1);
  midnight = setTimeout(() => {
    sendTimeZone();
    atMidnight();
  }, next - now);
}
atMidnight();

/** After (re)connecting: tell the fresh store what this page was showing. */
function restore() {
  sendTimeZone();
  const saved = JSON.parse(localStorage.getItem('todo.view') ?? '{}');
  if (saved.listID) send('chooseList', { id: saved.listID });
  if (saved.view) send('chooseView', { view: saved.view });
  if (saved.query?.filterID) send('chooseSavedFilter', { id: saved.query.filterID });
  else if (saved.query?.tag) send('chooseTag', { name: saved.query.tag });
  else if (saved.query) send('showQuery', { text: saved.query.text });
  send('chooseFilter', { filter: filterFromHash() });
  if (saved.layout) send('chooseLayout', { layout: saved.layout });
  if (saved.sortByDeadline) send('sortByDeadline', { on: true });
  if (saved.sortByPriority) send('sortByPriority', { on: true });
  const search = $('search').value;
  if (search) send('search', { text: search });
  if ($('new-todo').value) send('typeNew', { text: $('new-todo').value });
  view.reconnected();
  editor.reconnected();
}

/** Shows the chrome the server sent (everything around the list: lists, counter, dialogs, search). */
function showChrome(next) {
  ui.show(next);
  chrome = next;
  showStatus();
  showSearch(chrome);
  view.highlight(chrome.search);
  view.tagColors(chrome.tagColors);
}

/**
 * Offline is either end: this page's connection to the server, or the server's to its
 * database (then the page stays connected and resyncs by itself when the database is back).
 */
function showStatus() {
  const storeOffline = socketOnline && chrome?.storeOffline === true;
  document.body.classList.toggle('offline', !socketOnline || storeOffline);
  let text = '';
  if (!socketOnline) text = 'Offline — reconnecting…';
  else if (storeOffline) text = 'Offline — the server cannot reach its database; changes are not saved until it is back.';
  if ($('connection').textContent !== text) $('connection').textContent = text;
}

const connection = new Connection({
  // A long list's first rows only; the view asks for more as the person scrolls.
  path: `/live?rows=${ROWS}`,
  onMessage,
  onOnline: () => {
    socketOnline = true;
    showStatus();
    restore();
    optimistic.reconnected();
  },
  onOffline: () => {
    socketOnline = false;
    showStatus();
  },
});

const optimistic = new Optimistic({ view, connection, chrome: () => chrome });

// MARK: - Inputs

$('new-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $('new-todo');
  const title = input.value.trim();
  if (!title) return;
  if (send('add', { title })) {
    input.value = '';
    sessionStorage.removeItem('todo.new');
    // The chips read the text just added: they go with it, before the server says so.
    $('quick').hidden = true;
    $('quick-marks').hidden = true;
  }
});

// The search filters on every change of its field, however it came: typing and paste
// (`input`), autofill and the browser's own clear button (`change`, `search`), and a value set
// from script, which fires no event at all (the field's value setter is wrapped).
const searchField = $('search');
let searchSent = '';
function sendSearch() {
  if (searchField.value === searchSent) return;
  searchSent = searchField.value;
  send('search', { text: searchSent });
}
for (const type of ['input', 'change', 'search']) searchField.addEventListener(type, sendSearch);
const valueProperty = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
Object.defineProperty(searchField, 'value', {
  configurable: true,
  get() { return valueProperty.get.call(this); },
  set(text) {
    valueProperty.set.call(this, text);
    queueMicrotask(sendSearch);
  },
});
/** Shows the server's search text while the field is not being typed in; sends nothing. */
function showSearch(chrome) {
  if (document.activeElement === searchField || searchField.value === chrome.search) return;
  valueProperty.set.call(searchField, chrome.search);
  searchSent = chrome.search;
}
$('search-clear').addEventListener('click', () => {
  searchField.value = '';
  searchField.focus();
});
window.addEventListener('hashchange', () => send('chooseFilter', { filter: filterFromHash() }));
$('layout').addEventListener('change', () => send('chooseLayout', { layout: $('layout').value }));
$('sort-deadline').addEventListener('change', () => send('sortByDeadline', { on: $('sort-deadline').checked }));
$('sort-priority').addEventListener('change', () => send('sortByPriority', { on: $('sort-priority').checked }));
$('clear-completed').addEventListener('click', () => send('clearCompleted'));
// Lists: create in the sidebar, rename in place, delete after a confirmation.
$('new-list').addEventListener('submit', (event) => {
  event.preventDefault();
  const name = $('new-list-name').value.trim();
  if (name && send('createList', { name })) $('new-list-name').value = '';
});
function renaming(on) {
  $('rename-list').hidden = !on;
  $('list-title').hidden = on;
  document.querySelector('.list-actions').hidden = on;
  if (on) {
    $('rename-list-name').value = $('list-title').textContent;
    $('rename-list-name').select();
    $('rename-list-name').focus();
  } else $('rename-list-open').focus();
}
$('rename-list-open').addEventListener('click', () => renaming(true));
$('rename-list-cancel').addEventListener('click', () => renaming(false));
$('rename-list').addEventListener('keydown', (event) => {
  if (event.key === 'Escape') renaming(false);
});
$('rename-list').addEventListener('submit', (event) => {
  event.preventDefault();
  const name = $('rename-list-name').value.trim();
  if (name && chrome?.listID && send('renameList', { id: chrome.listID, name })) renaming(false);
});
$('delete-list').addEventListener('click', () => {
  if (chrome?.listID) send('requestDeleteList', { id: chrome.listID });
});
$('views').addEventListener('click', (event) => {
  const button = event.target.closest('button[data-view]');
  if (button) send('chooseView', { view: button.dataset.view });
});
$('lists').addEventListener('click', (event) => {
  const button = event.target.closest('button[data-id]');
  if (button) send('chooseList', { id: button.dataset.id });
});

document.addEventListener('keydown', (event) => {
  const cell = event.target.closest?.('li.cell[data-kind="todo"]');
  if (!cell || !event.altKey) return;
  if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
    event.preventDefault();
    moveByKeyboard(cell.dataset.id, event.key === 'ArrowUp' ? 'up' : 'down');
  }
});

// Page shortcuts, listed in the ? dialog: n a new todo, / search, ? the list of keys. Keys on
// a focused row are the list view's. None applies while typing or in a dialog.
document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  if (event.target.closest?.('input, textarea, select, dialog')) return;
  const target = { n: 'new-todo', '/': 'search' }[event.key];
  if (target) {
    event.preventDefault();
    $(target).focus();
  } else if (event.key === '?') {
    event.preventDefault();
    $('shortcuts').showModal();
  }
});
$('show-shortcuts').addEventListener('click', () => $('shortcuts').showModal());
$('shortcuts-close').addEventListener('click', () => $('shortcuts').close());

enableReordering($('list'), (id, position) => {
  if (position.into) send('nest', { id, parent: position.into });
  else send('move', { id, ...position });
}, () => !chrome?.view && !chrome?.query);
enableListReordering($('lists'), (id, position) => send('moveList', { id, ...position }));

// The new todo's text survives reloads as well as reconnects.
$('new-todo').value = sessionStorage.getItem('todo.new') ?? '';
$('new-todo').addEventListener('input', () => {
  sessionStorage.setItem('todo.new', $('new-todo').value);
  // The server reads the text for a deadline, shown as a chip (chrome.quickDeadline), and
  // for a priority and tags (chrome.quickMarks).
  send('typeNew', { text: $('new-todo').value });
});
$('quick-remove').addEventListener('click', () => {
  send('dismissQuickDeadline');
  $('new-todo').focus();
});

/** For tests and debugging: the page's parts. */
window.todoPage = { view, connection, optimistic, get revision() { return revision; }, get chrome() { return chrome; } };
