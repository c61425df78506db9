// The generic list renderer: sections with headers and cells (title, secondary text, status
// accessory, outline disclosure, leading and trailing actions). Nodes are keyed by item
// identifier and reused; text is set with textContent only, never parsed as HTML.
//
// The list is one tab stop: the current row (roving focus). Arrow keys move between rows;
// on a row, x or Space toggles it, e or Enter edits it, Delete asks to delete it, Tab nests it
// under the row above (when one is at its level) and Shift-Tab takes it out of its parent,
// → and ← expand and collapse a parent. The row's buttons stay for the pointer and are out
// of the tab order. A list with subtasks is a tree (treeitems with their level); without, a
// list.
//
// A long list (more than WINDOWED rows) is windowed: only the rows in and near the viewport
// are in the document, between two spacers as tall as the rows left out, and scrolling
// moves the window. The page holds the list's first rows (ROWS at first, the address's
// `rows`) and the number of the others: scrolling or a key towards rows it does not hold
// asks the server for more (`showRows`), and a change below them reaches it as a count.
// Every changeset is applied to the model; each row says its place in the whole list
// (aria-posinset, aria-setsize, aria-level), and the keys move through the whole list,
// bringing the row they reach into the window.

import { applyStage, modelFromSnapshot, sizeOf, withCounts } from './list-model.js';

const el = (tag, props = {}, children = []) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
};

/** The states of a todo in the order the status control cycles them. */
const STATES = {
  notStarted: { icon: '○', label: 'Not started', checked: 'false', next: 'inProgress' },
  inProgress: { icon: '◐', label: 'In progress', checked: 'mixed', next: 'done' },
  done: { icon: '✓', label: 'Done', checked: 'true', next: 'notStarted' },
};

/** Lists longer than this are windowed. */
export const WINDOWED = 300;
/** The rows a page holds at first, and the step it asks for more by. */
export const ROWS = 300;
/** Rows kept in the document beyond each edge of the viewport. */
const OVERSCAN = 40;

export class ListView {
  /** `root` holds the sections; `actions` receives (name, id, extra) from cells. */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.model = [];
    // The person's tag colours, by lowercased tag (`tagColors`).
    this.colors = {};
    this.cells = new Map();
    this.sectionNodes = new Map();
    this.itemNodes = new Map();
    this.needle = '';
    this.current = null;
    root.addEventListener('focusin', (event) => {
      const row = event.target.closest?.('li.cell');
      if (row && this.current !== row.dataset.id) {
        this.current = row.dataset.id;
        this.rove();
      }
    });
    root.addEventListener('keydown', (event) => this.key(event));
    // The window: the flat indices of the rows in the document, and a row's estimated height.
    this.range = { start: 0, end: Infinity };
    this.placedCount = 0;
    this.rowHeight = 0;
    // The rows asked of the server, and the row a key went to before the page held it.
    this.rowsAsked = ROWS;
    this.pendingFocus = null;
    let scheduled = false;
    const follow = () => {
      if (scheduled || !this.windowed) return;
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        this.follow();
      });
    };
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', follow);
  }

  /** How many rows the list has, those the page holds and the others. */
  get count() {
    let count = 0;
    for (const section of this.model) count += sizeOf(section);
    return count;
  }

  /** How many rows the page holds (the first ones). */
  get known() {
    let known = 0;
    for (const section of this.model) known += section.items.length;
    return known;
  }

  /** Asks the server for rows up to `end` and more beyond, unless the page holds or asked them. */
  ensureRows(end) {
    if (this.known >= this.count || end + OVERSCAN <= this.known) return;
    const rows = Math.ceil((end + OVERSCAN) / ROWS) * ROWS + ROWS;
    if (rows <= this.rowsAsked) return;
    this.rowsAsked = rows;
    this.actions('showRows', null, { rows });
  }

  /** A new connection holds the address's first rows again. */
  reconnected() {
    this.rowsAsked = ROWS;
  }

  /** Focuses the row a key went to, once the page holds it. */
  settleFocus() {
    if (this.pendingFocus === null) return;
    const ids = this.visibleIds();
    const target = Math.min(this.pendingFocus, this.count - 1);
    if (target >= ids.length) return;
    this.pendingFocus = null;
    if (target >= 0) this.focusRow(ids[target]);
  }

  /** Whether only part of the rows is in the document. */
  get windowed() {
    return this.count > WINDOWED;
  }

  /** The window that covers the viewport, from the scroll position and the row height. */
  wanted() {
    const height = this.rowHeight || 48;
    const top = window.scrollY - (this.root.getBoundingClientRect().top + window.scrollY);
    const first = Math.max(0, Math.floor(top / height) - OVERSCAN);
    const last = Math.ceil((top + window.innerHeight) / height) + OVERSCAN;
    return { start: first, end: Math.min(this.count, Math.max(last, first + 2 * OVERSCAN)) };
  }

  /** Moves the window when the viewport nears its edge. */
  follow() {
    const want = this.wanted();
    this.ensureRows(want.end);
    const { start, end } = this.range;
    // The rows of the viewport itself, without the overscan.
    const top = want.start + OVERSCAN;
    const bottom = want.end - OVERSCAN;
    const margin = OVERSCAN / 2;
    if ((start === 0 || top >= start + margin) && (end >= this.count || bottom <= end - margin)) return;
    this.range = want;
    this.reconcile(new Set(this.model.map((_, i) => i)), false);
    this.roles();
    this.rove();
  }

  /** Brings the row `id` into the window (for the keys), keeping the window around it. */
  reveal(id) {
    if (!this.windowed || this.itemNodes.has(id)) return;
    const at = this.visibleIds().indexOf(id);
    if (at < 0) return;
    const size = Math.max(2 * OVERSCAN, this.range.end - this.range.start);
    const start = Math.max(0, Math.min(at - Math.floor(size / 2), this.count - size));
    this.range = { start, end: Math.min(this.count, start + size) };
    this.reconcile(new Set(this.model.map((_, i) => i)), false);
    this.roles();
  }

  /** The rows in the order they are shown. */
  rows() {
    return [...this.root.querySelectorAll('li.cell')];
  }

  /** Focuses the row `id`, bringing it into the window first. */
  focusRow(id) {
    this.reveal(id);
    const node = this.itemNodes.get(id);
    if (!node) return;
    node.focus();
    node.scrollIntoView({ block: 'nearest' });
  }

  /** Gives the current row (or the first) the list's one tab stop. */
  rove() {
    const rows = this.rows();
    const current = rows.find((row) => row.dataset.id === this.current) ?? rows[0];
    for (const row of rows) row.tabIndex = row === current ? 0 : -1;
  }

  /** Keys on a focused row (not in its buttons' own keys, not with modifiers but Alt). */
  key(event) {
    const row = event.target.closest?.('li.cell');
    if (!row || event.ctrlKey || event.metaKey) return;
    const onRow = event.target === row;
    // Through the whole list, the rows out of the window too.
    const ids = this.visibleIds();
    const at = ids.indexOf(row.dataset.id);
    // A row below those the page holds is focused once the server sent it.
    const go = (index) => {
      const target = Math.max(0, Math.min(this.count - 1, index));
      if (target < ids.length) {
        this.pendingFocus = null;
        this.focusRow(ids[target]);
        return;
      }
      this.pendingFocus = target;
      this.ensureRows(target + 1);
    };
    if (!event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      go(at + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (!event.altKey && (event.key === 'Home' || event.key === 'End')) {
      event.preventDefault();
      go(event.key === 'Home' ? 0 : this.count - 1);
    } else if (onRow && row.dataset.kind === 'group' && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      row.querySelector('.disclosure').click();
    } else if (onRow && row.dataset.kind === 'todo' && event.key === 'Tab' && !event.altKey) {
      // Only when it can: otherwise Tab leaves the list, as it does everywhere.
      const id = row.dataset.id;
      if (event.shiftKey ? this.canOutdent(id) : this.canIndent(id)) {
        event.preventDefault();
        this.actions(event.shiftKey ? 'outdent' : 'indent', id);
      }
    } else if (onRow && row.dataset.kind === 'todo' && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      const cell = this.cells.get(row.dataset.id);
      if (event.altKey) {
        event.preventDefault();
        this.actions(event.key === 'ArrowRight' ? 'indent' : 'outdent', row.dataset.id);
      } else if (cell?.expanded !== undefined && cell.expanded !== (event.key === 'ArrowRight')) {
        event.preventDefault();
        this.actions('setExpanded', row.dataset.id, { expanded: event.key === 'ArrowRight' });
      }
    } else if (onRow && row.dataset.kind === 'todo' && !event.altKey) {
      const action = { x: 'toggle', ' ': 'toggle', e: 'edit', Enter: 'edit', Delete: 'delete' }[event.key];
      if (!action) return;
      event.preventDefault();
      this.actions(action, row.dataset.id);
    }
  }

  /** Marks where the search text occurs in every title (case-insensitive). */
  /**
   * Takes the person's tag colours (`chrome.tagColors`, by lowercased tag): chips drawn from
   * now on have them, and those shown already are coloured again.
   */
  tagColors(colors) {
    const next = colors ?? {};
    const key = JSON.stringify(next);
    if (key === this.colorsKey) return;
    this.colorsKey = key;
    this.colors = next;
    for (const chip of this.root.querySelectorAll('.cell .tag')) {
      const color = next[chip.textContent.slice(1).toLowerCase()];
      if (color) chip.dataset.color = color;
      else delete chip.dataset.color;
    }
  }

  highlight(text) {
    const needle = (text ?? '').trim();
    if (needle === this.needle) return;
    this.needle = needle;
    for (const [id, node] of this.itemNodes) {
      const cell = this.cells.get(id);
      if (cell?.kind === 'todo') this.title(node.querySelector('.title'), cell.title);
    }
  }

  /** Sets a title as text, with each occurrence of the search text in a `mark`. */
  title(node, text) {
    if (!this.needle) {
      node.textContent = text;
      return;
    }
    const escaped = this.needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const parts = text.split(new RegExp(`(${escaped})`, 'iu'));
    node.replaceChildren(...parts.map((part, index) =>
      index % 2 === 1 ? el('mark', { text: part }) : document.createTextNode(part)));
  }

  /** Shows a snapshot, reusing the nodes of items that are still there. */
  showSnapshot(message) {
    this.cells = new Map(Object.entries(message.cells));
    this.model = modelFromSnapshot(message);
    for (const [id, node] of this.itemNodes) this.fill(node, this.cells.get(id));
    this.reconcile(new Set(this.model.map((_, i) => i)), true);
    this.roles();
    this.rove();
    this.held();
  }

  /** After the rows changed: asks for the rows the window needs, focuses a row a key reached. */
  held() {
    if (this.windowed) this.ensureRows(Number.isFinite(this.range.end) ? this.range.end : this.wanted().end);
    this.settleFocus();
  }

  /** Applies a changes message stage by stage; throws Desync if it does not fit. */
  applyChanges(message) {
    for (const [id, cell] of Object.entries(message.cells)) this.cells.set(id, cell);
    for (const stage of message.stages) {
      const { model, touched } = applyStage(this.model, stage);
      this.model = model;
      const sectionsChanged = !!(stage.sectionDeleted || stage.sectionInserted || stage.sectionMoved);
      this.reconcile(touched, sectionsChanged);
      for (const [, , id] of stage.itemUpdated ?? []) {
        const node = this.itemNodes.get(id);
        if (node) this.fill(node, this.cells.get(id));
      }
      for (const s of stage.sectionUpdated ?? []) this.header(this.sectionNodes.get(s.id), s.header);
    }
    if (message.counts) {
      this.model = withCounts(this.model, message.counts);
      this.reconcile(new Set(this.model.map((_, i) => i)), false);
    }
    this.roles();
    this.rove();
    this.held();
  }

  /**
   * Shows a whole list ({ model, cells }): what the server said with the page's predictions on
   * top. Only the rows whose cell changed are filled again.
   */
  show(state) {
    const before = this.cells;
    this.cells = state.cells;
    this.model = state.model;
    for (const [id, node] of this.itemNodes) {
      const cell = state.cells.get(id);
      if (cell && cell !== before.get(id)) this.fill(node, cell);
    }
    this.reconcile(new Set(this.model.map((_, i) => i)), true);
    this.roles();
    this.rove();
    this.held();
  }

  /** The identifiers the page holds, in display order (for keyboard moves). */
  visibleIds() {
    return this.model.flatMap((s) => s.items);
  }

  /** A row's outline level (0 at the top). */
  level(id) {
    return this.cells.get(id)?.level ?? 0;
  }

  /** Whether a row has a row above it at its level, under the same parent, to nest under. */
  canIndent(id) {
    return this.siblingAbove(id) !== null;
  }

  /** The todo above a row at its level, under the same parent (what Tab nests it under). */
  siblingAbove(id) {
    const ids = this.visibleIds();
    const level = this.level(id);
    for (let at = ids.indexOf(id) - 1; at >= 0; at--) {
      const other = this.level(ids[at]);
      if (other === level) return this.cells.get(ids[at])?.kind === 'todo' ? ids[at] : null;
      if (other < level) return null;
    }
    return null;
  }

  /** The row a subtask is under, or null at the top level. */
  parentOf(id) {
    const ids = this.visibleIds();
    const level = this.level(id);
    for (let at = ids.indexOf(id) - 1; at >= 0 && level > 0; at--) {
      if (this.level(ids[at]) === level - 1) return this.cells.get(ids[at])?.kind === 'todo' ? ids[at] : null;
    }
    return null;
  }

  /** Whether a row is a subtask. */
  canOutdent(id) {
    return this.level(id) > 0;
  }

  /** The row and the rows under it (its subtasks shown), as identifiers. */
  subtree(id) {
    const ids = this.visibleIds();
    const at = ids.indexOf(id);
    const level = this.level(id);
    let end = at + 1;
    while (end < ids.length && this.level(ids[end]) > level) end++;
    return ids.slice(at, end);
  }

  /**
   * Makes each section with subtasks a tree (its rows treeitems with their level, a parent
   * with whether it is expanded) and the others lists.
   */
  roles() {
    for (const section of this.model) {
      const list = this.sectionNodes.get(section.id)?.lastChild;
      if (!list) continue;
      const nested = section.items.some((id) => {
        const cell = this.cells.get(id);
        return cell?.kind === 'todo' && ((cell.level ?? 0) > 0 || cell.expanded !== undefined);
      });
      const role = nested ? 'tree' : 'list';
      if (list.getAttribute('role') !== role) list.setAttribute('role', role);
      // A windowed list says each row's place in the whole list: among its siblings in a tree.
      const places = this.windowed ? this.places(section, nested) : null;
      for (const id of section.items) {
        const node = this.itemNodes.get(id);
        const cell = this.cells.get(id);
        if (!node || !cell) continue;
        if (places) {
          const [position, size] = places.get(id);
          node.setAttribute('aria-posinset', String(position));
          node.setAttribute('aria-setsize', String(size));
        } else if (node.hasAttribute('aria-posinset')) {
          node.removeAttribute('aria-posinset');
          node.removeAttribute('aria-setsize');
        }
        const item = nested ? 'treeitem' : 'listitem';
        if (node.getAttribute('role') !== item) node.setAttribute('role', item);
        if (nested) {
          node.setAttribute('aria-level', String((cell.level ?? 0) + 1));
          if (cell.kind === 'todo' && cell.expanded !== undefined) node.setAttribute('aria-expanded', String(cell.expanded));
          else node.removeAttribute('aria-expanded');
        } else {
          node.removeAttribute('aria-level');
          if (cell.kind === 'todo') node.removeAttribute('aria-expanded');
        }
      }
    }
  }

  /**
   * Each row's [position, size] among its siblings (the rows of a flat list are siblings). In
   * a tree the page holds only the first rows of, a group that goes on below them has an
   * unknown size (-1).
   */
  places(section, nested) {
    const places = new Map();
    if (!nested) {
      section.items.forEach((id, index) => places.set(id, [index + 1, sizeOf(section)]));
      return places;
    }
    // Siblings share a parent: the open groups, one per level; a row closes the deeper ones.
    const groups = [];
    for (const id of section.items) {
      const level = this.level(id);
      groups.length = Math.min(groups.length, level + 1);
      while (groups.length <= level) groups.push([]);
      groups[level].push(id);
      places.set(id, [groups[level].length, groups[level]]);
    }
    const open = sizeOf(section) > section.items.length ? new Set(groups) : new Set();
    for (const [id, [position, group]] of places) places.set(id, [position, open.has(group) ? -1 : group.length]);
    return places;
  }

  // MARK: - DOM

  reconcile(touched, sectionsChanged) {
    // Moving a node in the document takes the focus away from it: give it back.
    const focused = this.root.contains(document.activeElement) ? document.activeElement : null;
    this.place(touched, sectionsChanged);
    if (focused && document.activeElement !== focused && this.root.contains(focused)) {
      focused.focus({ preventScroll: true });
    }
  }

  place(touched, sectionsChanged) {
    if (sectionsChanged) {
      let ref = this.root.firstChild;
      const keep = new Set(this.model.map((s) => s.id));
      for (const [id, node] of this.sectionNodes) {
        if (!keep.has(id)) {
          node.remove();
          this.sectionNodes.delete(id);
        }
      }
      ref = this.root.firstChild;
      for (const section of this.model) {
        let node = this.sectionNodes.get(section.id);
        if (!node) {
          node = el('section', { class: 'section' }, [el('h2', { class: 'section-header' }), el('ul', { class: 'cells', role: 'list' })]);
          node.dataset.id = section.id;
          this.sectionNodes.set(section.id, node);
        }
        this.header(node, section.header);
        if (node !== ref) this.root.insertBefore(node, ref);
        else ref = ref.nextSibling;
      }
    }
    // The rows in the document: all of them, or the window's.
    const windowed = this.windowed;
    const count = this.count;
    if (!windowed) this.range = { start: 0, end: Infinity };
    else if (this.range.end === Infinity) this.range = this.wanted();
    // A window that reached the end of the list keeps reaching it: rows added at the end show.
    else if (this.range.end >= this.placedCount) this.range = { start: this.range.start, end: count };
    this.placedCount = count;
    const { start, end } = this.range;
    const slices = [];
    let offset = 0;
    for (const section of this.model) {
      const from = Math.max(0, Math.min(section.items.length, start - offset));
      const to = Math.max(from, Math.min(section.items.length, end - offset));
      slices.push([from, to]);
      offset += sizeOf(section);
    }
    const present = new Set();
    this.model.forEach((section, index) => {
      const [from, to] = slices[index];
      for (let e = from; e < to; e++) present.add(section.items[e]);
    });
    for (const [id, node] of this.itemNodes) {
      if (!present.has(id)) {
        node.remove();
        this.itemNodes.delete(id);
      }
    }
    const indices = windowed || this.spaced ? this.model.map((_, i) => i) : touched;
    for (const index of indices) {
      const section = this.model[index];
      if (!section) continue;
      const list = this.sectionNodes.get(section.id).lastChild;
      const [from, to] = slices[index];
      let ref = list.firstChild;
      const spacer = (place, rows) => {
        let node = list.querySelector(`:scope > li.spacer.${place}`);
        if (!rows) {
          if (node && node === ref) ref = ref.nextSibling;
          node?.remove();
          return;
        }
        if (!node) node = el('li', { class: `spacer ${place}`, role: 'none', 'aria-hidden': 'true' });
        node.dataset.rows = String(rows);
        node.style.height = `${rows * (this.rowHeight || 48)}px`;
        if (node !== ref) list.insertBefore(node, ref);
        else ref = ref.nextSibling;
      };
      spacer('before', from);
      for (let e = from; e < to; e++) {
        const id = section.items[e];
        let node = this.itemNodes.get(id);
        if (!node) {
          node = this.create(id);
          this.itemNodes.set(id, node);
        }
        if (node !== ref) list.insertBefore(node, ref);
        else ref = ref.nextSibling;
      }
      // The rows after the window, those the page holds and those it does not.
      spacer('after', sizeOf(section) - to);
    }
    this.spaced = windowed;
    // The rows' height, measured once on the first window: the spacers stand for rows.
    if (windowed && !this.rowHeight) {
      const shown = [...this.itemNodes.values()].slice(0, 50).map((node) => node.getBoundingClientRect().height).filter((h) => h > 0);
      if (shown.length) {
        this.rowHeight = shown.reduce((a, b) => a + b, 0) / shown.length;
        for (const node of this.root.querySelectorAll('li.spacer')) {
          node.style.height = `${Number(node.dataset.rows) * this.rowHeight}px`;
        }
      }
    }
  }

  header(node, text) {
    if (!node) return;
    const h = node.firstChild;
    h.hidden = !text;
    h.textContent = text ?? '';
  }

  create(id) {
    // Focusable from the start: the keys focus a row they bring into the window at once.
    const node = el('li', { role: 'listitem', class: 'cell', tabindex: '-1' });
    node.dataset.id = id;
    this.fill(node, this.cells.get(id));
    return node;
  }

  /** Sets a cell's content; builds its parts the first time or when its kind changes. */
  fill(node, cell) {
    if (!cell) return;
    if (node.dataset.kind !== cell.kind) {
      node.replaceChildren(...(cell.kind === 'group' ? this.groupParts(node) : this.todoParts(node)));
      node.dataset.kind = cell.kind;
    }
    node.style.setProperty('--level', cell.level ?? 0);
    if (cell.kind === 'group') {
      const button = node.querySelector('.disclosure');
      button.querySelector('.title').textContent = cell.title;
      button.setAttribute('aria-expanded', String(!!cell.expanded));
      node.querySelector('.detail').textContent = cell.detail ?? '';
      node.draggable = false;
      return;
    }
    node.draggable = true;
    this.title(node.querySelector('.title'), cell.title);
    const detail = node.querySelector('.detail');
    const when = cell.detail ? (cell.overdue ? `${cell.detail} · overdue` : cell.detail) : '';
    // A repeating todo says how it repeats after its date: "Monday 09:00 · ↻ every Monday".
    const repeats = cell.repeats
      ? [el('span', { class: 'repeats' }, [el('span', { 'aria-hidden': 'true', text: '↻ ' }), el('span', { text: cell.repeats })])]
      : [];
    // A priority is a coloured flag before the date; tags are chips after it ("#work").
    const flag = cell.priority
      ? [el('span', { class: `priority p${cell.priority}`, title: `Priority ${cell.priority}` }, [el('span', { 'aria-hidden': 'true', text: '⚑ ' }), el('span', { text: `P${cell.priority}` })])]
      : [];
    const dated = [...(when ? [when] : []), ...(when && repeats.length ? [' · '] : []), ...repeats];
    const tags = (cell.tags ?? []).map((tag) => {
      const color = this.colors[tag.toLowerCase()];
      return el('span', { class: 'tag', text: `#${tag}`, ...(color ? { 'data-color': color } : {}) });
    });
    // A parent's progress: "2/5", read as "2/5 subtasks done".
    const progress = cell.progress
      ? [el('span', { class: 'progress' }, [el('span', { text: cell.progress }), el('span', { class: 'visually-hidden', text: ' subtasks done' })])]
      : [];
    // Whom it is assigned to, after the tags: "@ann", read as "assigned to ann".
    const assignee = cell.assignee
      ? [el('span', { class: 'assignee', title: `Assigned to ${cell.assignee}` }, [el('span', { class: 'visually-hidden', text: 'assigned to ' }), el('span', { 'aria-hidden': 'true', text: '@' }), el('span', { text: cell.assignee })])]
      : [];
    // A subtask shown away from its parent names it first: "↳ Trip", read as "subtask of Trip".
    const parent = cell.parent
      ? [el('span', { class: 'parent', title: `Subtask of ${cell.parent}` }, [el('span', { class: 'visually-hidden', text: 'subtask of ' }), el('span', { 'aria-hidden': 'true', text: '↳ ' }), el('span', { text: cell.parent })])]
      : [];
    const rest = [...progress, ...flag, ...(flag.length && dated.length ? [' '] : []), ...dated, ...tags];
    detail.replaceChildren(...parent, ...(parent.length && rest.length ? [' · '] : []), ...rest, ...assignee);
    detail.hidden = !cell.detail && !cell.repeats && !cell.priority && !tags.length && !progress.length && !assignee.length;
    // A parent's disclosure: shows or hides its subtasks.
    const disclosure = node.querySelector('button.expand');
    disclosure.hidden = cell.expanded === undefined;
    disclosure.setAttribute('aria-expanded', String(!!cell.expanded));
    disclosure.setAttribute('aria-label', `${cell.expanded ? 'Collapse' : 'Expand'} ${cell.title}`);
    node.classList.toggle('overdue', !!cell.overdue);
    // Not started yet, or put aside for some day: greyed.
    node.classList.toggle('deferred', !!cell.deferred);
    node.classList.toggle('done', cell.status === 'done');
    const status = STATES[cell.status] ?? STATES.notStarted;
    const control = node.querySelector('.status');
    control.dataset.status = cell.status ?? 'notStarted';
    control.dataset.next = status.next;
    // The glyph stays the control's text (drawn by the stylesheet as a ring, a half-filled
    // ring or a filled check).
    control.firstChild.textContent = status.icon;
    control.setAttribute('aria-checked', status.checked);
    control.title = `${status.label} (click: ${STATES[status.next].label.toLowerCase()})`;
    node.setAttribute('aria-label', cell.title);
    // Every control says which todo it acts on: a screen reader that lists the buttons of a
    // page reads "Edit Buy milk", not ten times "Edit".
    for (const [selector, name] of [
      ['button.edit', `Edit ${cell.title}`], ['button.delete', `Delete ${cell.title}`],
      ['button.status', `${status.label}: ${cell.title}`], ['button.up', `Move ${cell.title} up`],
      ['button.down', `Move ${cell.title} down`],
    ]) node.querySelector(selector).setAttribute('aria-label', name);
  }

  groupParts(node) {
    const button = el('button', { type: 'button', class: 'disclosure', tabindex: '-1' }, [el('span', { class: 'chevron', 'aria-hidden': 'true', text: '▸' }), el('span', { class: 'title' })]);
    button.addEventListener('click', () => {
      this.actions('setExpanded', node.dataset.id, { expanded: button.getAttribute('aria-expanded') !== 'true' });
    });
    return [button, el('span', { class: 'detail' })];
  }

  todoParts(node) {
    const act = (name) => () => this.actions(name, node.dataset.id);
    // A quiet icon button; its label is read by the swipe actions at phone width (and named
    // with the todo's title by `fill`).
    const button = (label, name, extra = {}) => {
      const b = el('button', { type: 'button', class: `action ${name}`, tabindex: '-1', ...extra }, [
        el('span', { class: 'icon', 'aria-hidden': 'true' }), el('span', { class: 'label', text: label }),
      ]);
      b.addEventListener('click', act(name));
      return b;
    };
    // The three states, each with its icon and colour (seed 002): a click moves the todo on to
    // the next one. A tri-state checkbox for assistive technology.
    const status = el('button', { type: 'button', class: 'status', role: 'checkbox', tabindex: '-1' }, [el('span', { class: 'glyph' })]);
    status.addEventListener('click', () => this.actions('setStatus', node.dataset.id, { status: status.dataset.next }));
    const expand = el('button', { type: 'button', class: 'expand', tabindex: '-1', hidden: '' }, [el('span', { class: 'chevron', 'aria-hidden': 'true', text: '▸' })]);
    expand.addEventListener('click', () => {
      this.actions('setExpanded', node.dataset.id, { expanded: expand.getAttribute('aria-expanded') !== 'true' });
    });
    const content = el('div', { class: 'content' }, [el('span', { class: 'title' }), el('span', { class: 'detail' })]);
    // Tapping the row's text toggles it done, as in the seed's list (edit and delete stay on
    // their buttons and swipes).
    content.addEventListener('click', act('toggle'));
    return [
      button('Edit', 'edit', { 'data-side': 'leading', title: 'Edit (e)' }),
      expand,
      status,
      content,
      el('span', { class: 'reorder' }, [
        button('↑', 'up', { 'aria-label': 'Move up', title: 'Move up (Alt+↑)' }),
        button('↓', 'down', { 'aria-label': 'Move down', title: 'Move down (Alt+↓)' }),
      ]),
      button('Delete', 'delete', { 'data-side': 'trailing', title: 'Delete (Delete key)' }),
    ];
  }
}
