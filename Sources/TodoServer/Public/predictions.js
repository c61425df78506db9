// What the page predicts an event will do, before the server answers. Each prediction is a
// pure function from the list as shown ({ model, cells }: the sections of item identifiers
// and the cells by identifier) to the list after the event, or null when the page cannot
// tell (the server's knowledge decides: a smart view's membership, a sorted order). The
// server's changes always win: a prediction is applied on top of what the server last said
// and dropped once the server acknowledges its event (see optimistic.js).

const level = (state, id) => state.cells.get(id)?.level ?? 0;

/** The section and position of `id`, or null. */
function locate(state, id) {
  for (let s = 0; s < state.model.length; s++) {
    const e = state.model[s].items.indexOf(id);
    if (e >= 0) return [s, e];
  }
  return null;
}

/** The end (exclusive) of the rows under the row at `e` of `items`: its subtasks shown. */
function subtreeEnd(state, items, e) {
  const top = level(state, items[e]);
  let end = e + 1;
  while (end < items.length && level(state, items[end]) > top) end++;
  return end;
}

/**
 * `state` with section `s` holding `items` and the cells of `updates` replaced. A section the
 * page holds only the first rows of counts the rows added or taken out.
 */
function changed(state, s, items, updates = []) {
  let { model, cells } = state;
  if (items) {
    model = model.slice();
    const count = model[s].count;
    model[s] = { ...model[s], items, count: count == null ? null : count + items.length - model[s].items.length };
  }
  if (updates.length) {
    cells = new Map(cells);
    for (const [id, cell] of updates) cells.set(id, cell);
  }
  return { model, cells };
}

/** The rows from `e` to `end` with their levels moved by `delta`. */
function shifted(state, rows, delta) {
  if (!delta) return [];
  return rows.map((id) => [id, { ...state.cells.get(id), level: level(state, id) + delta }]);
}

/** The list without the row `id` and its subtasks shown. */
function removeRow(state, id) {
  const at = locate(state, id);
  if (!at) return null;
  const [s, e] = at;
  const items = state.model[s].items.slice();
  items.splice(e, subtreeEnd(state, items, e) - e);
  return changed(state, s, items);
}

/** A parent's "2/5" with `delta` more done. */
function progressed(text, delta) {
  const match = /^(\d+)\/(\d+)$/.exec(text ?? '');
  if (!match) return text;
  const done = Math.max(0, Math.min(Number(match[2]), Number(match[1]) + delta));
  return `${done}/${match[2]}`;
}

/** Whether the page shows a list in the person's order (not a view, a query or a sort). */
const ordered = (chrome) => !chrome.view && !chrome.query && !chrome.sortByDeadline && !chrome.sortByPriority;

/** The title quick entry leaves of `text`: without its date phrase, priority and tags. */
export function quickTitle(text, chrome) {
  let title = ` ${text.trim()} `;
  if (chrome.quickDeadline && chrome.quickPhrase) title = title.replace(` ${chrome.quickPhrase} `, ' ');
  for (const mark of (chrome.quickMarks ?? '').split(' ').filter(Boolean)) {
    const token = mark.startsWith('#') ? mark : `!${mark.slice(1)}`;
    title = title.replace(new RegExp(` ${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?= )`, 'iu'), '');
  }
  return title.replace(/\s+/g, ' ').trim() || text.trim();
}

/**
 * The rows a delete takes out of `state` (the row `id` and its subtasks shown), with their
 * cells and the row before them, for Undo to put back; null when `id` is not shown.
 */
export function removal(state, id) {
  const at = locate(state, id);
  if (!at) return null;
  const [s, e] = at;
  const items = state.model[s].items;
  const rows = items.slice(e, subtreeEnd(state, items, e));
  return { section: state.model[s].id, after: e > 0 ? items[e - 1] : null, rows, cells: rows.map((row) => state.cells.get(row)) };
}

/**
 * The prediction of event `type` with `fields`, made with the chrome shown when the person
 * acted and, for Undo, the rows the last delete took out (`removed`, from `removal`): a
 * function of the list, or null for an event the page does not predict.
 */
export function prediction(type, fields, chrome, removed = null) {
  switch (type) {
    case 'setStatus':
      return (state) => {
        const at = locate(state, fields.id);
        const cell = state.cells.get(fields.id);
        if (!at || cell?.kind !== 'todo' || cell.status === fields.status) return null;
        const [s, e] = at;
        const items = state.model[s].items;
        const updates = [[fields.id, { ...cell, status: fields.status }]];
        // Its parent's progress counts it.
        const delta = (fields.status === 'done') - (cell.status === 'done');
        for (let p = e - 1; p >= 0 && cell.level > 0; p--) {
          if (level(state, items[p]) === cell.level - 1) {
            const parent = state.cells.get(items[p]);
            if (parent?.progress) updates.push([items[p], { ...parent, progress: progressed(parent.progress, delta) }]);
            break;
          }
        }
        // Filtered out by Active or Completed (a row with subtasks shown stays: they may not be).
        const leaves = (chrome.filter === 'active' && fields.status === 'done') || (chrome.filter === 'completed' && fields.status !== 'done');
        if (leaves && !chrome.view && !chrome.query && subtreeEnd(state, items, e) === e + 1) {
          return changed(state, s, items.filter((id) => id !== fields.id), updates);
        }
        return changed(state, s, null, updates);
      };

    case 'create': {
      if (!ordered(chrome) || chrome.filter === 'completed' || chrome.layout !== 'plain') return null;
      const marks = (chrome.quickMarks ?? '').split(' ').filter(Boolean);
      const priority = marks.find((mark) => /^P[1-4]$/.test(mark));
      const tags = marks.filter((mark) => mark.startsWith('#')).map((mark) => mark.slice(1));
      const cell = {
        kind: 'todo', title: quickTitle(fields.title, chrome), status: 'notStarted', level: 0,
        ...(chrome.quickDeadline ? { detail: chrome.quickDeadline } : {}),
        ...(priority ? { priority: Number(priority.slice(1)) } : {}),
        ...(tags.length ? { tags } : {}),
      };
      return (state) => {
        if (!state.model.length || state.cells.has(fields.id)) return null;
        const s = state.model.length - 1;
        const section = state.model[s];
        // Below the rows the page holds: the list is one longer, the row not among them.
        if (section.count != null && section.count > section.items.length) {
          const model = state.model.slice();
          model[s] = { ...section, count: section.count + 1 };
          return { model, cells: state.cells };
        }
        return changed(state, s, [...section.items, fields.id], [[fields.id, cell]]);
      };
    }

    case 'move':
      if (!ordered(chrome)) return null;
      return (state) => {
        const anchorID = fields.before ?? fields.after;
        const from = locate(state, fields.id);
        const anchor = locate(state, anchorID);
        if (!from || !anchor || from[0] !== anchor[0]) return null;
        const [s, e] = from;
        const items = state.model[s].items.slice();
        const block = items.splice(e, subtreeEnd(state, items, e) - e);
        if (block.includes(anchorID)) return null;
        const a = items.indexOf(anchorID);
        const to = fields.before ? a : subtreeEnd(state, items, a);
        items.splice(to, 0, ...block);
        return changed(state, s, items, shifted(state, block, level(state, anchorID) - level(state, fields.id)));
      };

    case 'nest':
      if (!ordered(chrome)) return null;
      return (state) => {
        const from = locate(state, fields.id);
        const at = locate(state, fields.parent);
        if (!from || !at || from[0] !== at[0]) return null;
        const [s, e] = from;
        const items = state.model[s].items.slice();
        const block = items.splice(e, subtreeEnd(state, items, e) - e);
        if (block.includes(fields.parent)) return null;
        const parent = state.cells.get(fields.parent);
        const updates = shifted(state, block, level(state, fields.parent) + 1 - level(state, fields.id));
        if (parent.expanded === false) return changed(state, s, items, updates);
        if (parent.expanded === undefined) updates.push([fields.parent, { ...parent, expanded: true }]);
        const p = items.indexOf(fields.parent);
        items.splice(subtreeEnd(state, items, p), 0, ...block);
        return changed(state, s, items, updates);
      };

    case 'setExpanded':
      return (state) => {
        const cell = state.cells.get(fields.id);
        const at = locate(state, fields.id);
        if (!cell || !at || cell.expanded === undefined || cell.expanded === fields.expanded) return null;
        const updates = [[fields.id, { ...cell, expanded: fields.expanded }]];
        // Collapsing hides its rows; expanding needs the server's rows, which it sends.
        if (fields.expanded) return changed(state, at[0], null, updates);
        const [s, e] = at;
        const items = state.model[s].items.slice();
        items.splice(e + 1, subtreeEnd(state, items, e) - e - 1);
        return changed(state, s, items, updates);
      };

    case 'confirmDelete': {
      const id = chrome.confirmDelete;
      return id ? (state) => removeRow(state, id) : null;
    }

    case 'undo':
      // The rows of the last delete come back where they were, while the toast offers it.
      if (!removed || !chrome.toast) return null;
      return (state) => {
        const s = state.model.findIndex((section) => section.id === removed.section);
        if (s < 0 || removed.rows.some((id) => locate(state, id))) return null;
        const items = state.model[s].items.slice();
        const at = removed.after === null ? 0 : items.indexOf(removed.after) + 1;
        if (removed.after !== null && at === 0) return null;
        items.splice(at, 0, ...removed.rows);
        return changed(state, s, items, removed.rows.map((id, index) => [id, removed.cells[index]]));
      };

    case 'saveEdit':
    case 'keepMine': {
      const id = chrome.editor?.id;
      const title = fields.title?.trim();
      if (!id || !title) return null;
      return (state) => {
        const cell = state.cells.get(id);
        if (!cell || cell.kind !== 'todo') return null;
        return changed(state, 0, null, [[id, { ...cell, title, status: fields.status ?? cell.status }]]);
      };
    }
  }
  return null;
}
