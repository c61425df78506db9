// The list's model: sections of item identifiers, changed by staged changesets exactly as
// the server's Diffable changesets describe (see docs/live-protocol.md). Pure data, no DOM.

/** Thrown when a changeset does not fit the model: the page asks for a fresh snapshot. */
export class Desync extends Error {}

/**
 * Sections from a snapshot message. A page holding only the list's first rows gets each
 * section's `count` in the whole list (`counts`); otherwise `count` is null (its items are all).
 */
export function modelFromSnapshot(message) {
  const model = message.sections.map((s) => ({ id: s.id, header: s.header ?? null, items: [...s.items], count: null }));
  return message.counts ? withCounts(model, message.counts) : model;
}

/** How many rows a section has in the whole list, those the page holds and the others. */
export const sizeOf = (section) => section.count ?? section.items.length;

/** The model with each section's count in the whole list (a message's `counts`). */
export function withCounts(model, counts) {
  if (counts.length !== model.length) throw new Desync('counts do not fit the sections');
  return model.map((section, index) => {
    if (counts[index] < section.items.length) throw new Desync(`count of ${section.id}`);
    return { ...section, count: counts[index] };
  });
}

/**
 * Applies one stage to `model` and returns the new model plus the indices of the sections
 * whose items changed. Deletes and move sources name positions before the stage; inserts
 * and move targets name positions after it. Every operation carries its item's identifier,
 * which is checked, so a page that drifted asks for a snapshot instead of showing wrong data.
 */
export function applyStage(model, stage) {
  const deleted = stage.itemDeleted ?? [];
  const inserted = stage.itemInserted ?? [];
  const moved = stage.itemMoved ?? [];
  const touched = new Set();

  // 1. Remove deleted items and move sources (pre-stage positions).
  const removal = new Map();
  const remove = (section, element, id) => {
    if (model[section]?.items[element] !== id) throw new Desync(`no ${id} at ${section}.${element}`);
    if (!removal.has(section)) removal.set(section, new Set());
    removal.get(section).add(element);
  };
  for (const [s, e, id] of deleted) remove(s, e, id);
  for (const m of moved) remove(m.from[0], m.from[1], m.id);
  let sections = model.map((section, index) => {
    const gone = removal.get(index);
    if (!gone) return section;
    return { ...section, items: section.items.filter((_, e) => !gone.has(e)) };
  });

  // 2. Sections: deletes and move sources out, inserts and move targets in.
  const sDeleted = stage.sectionDeleted ?? [];
  const sInserted = stage.sectionInserted ?? [];
  const sMoved = stage.sectionMoved ?? [];
  if (sDeleted.length || sInserted.length || sMoved.length) {
    const gone = new Set([...sDeleted, ...sMoved.map((m) => m.source)]);
    for (const index of gone) if (!sections[index]) throw new Desync(`no section ${index}`);
    const remaining = sections.filter((_, i) => !gone.has(i));
    const out = new Array(sections.length - sDeleted.length + sInserted.length);
    for (const s of sInserted) out[s.index] = { id: s.id, header: s.header ?? null, items: [...(s.items ?? [])], count: null };
    for (const m of sMoved) out[m.target] = sections[m.source];
    let next = 0;
    for (let i = 0; i < out.length; i++) if (!out[i]) out[i] = remaining[next++];
    if (next !== remaining.length || out.some((s) => !s)) throw new Desync('section counts differ');
    sections = out;
    for (let i = 0; i < sections.length; i++) touched.add(i);
  }
  for (const s of stage.sectionUpdated ?? []) {
    if (sections[s.index]?.id !== s.id) throw new Desync(`no section ${s.id}`);
    sections[s.index] = { ...sections[s.index], header: s.header ?? null };
  }

  // 3. Insert items and move targets (post-stage positions).
  const additions = new Map();
  const add = (section, element, id) => {
    if (!sections[section]) throw new Desync(`no section ${section}`);
    if (!additions.has(section)) additions.set(section, []);
    additions.get(section).push([element, id]);
  };
  for (const [s, e, id] of inserted) add(s, e, id);
  for (const m of moved) add(m.to[0], m.to[1], m.id);
  for (const [index, adds] of additions) {
    const items = sections[index].items;
    const out = new Array(items.length + adds.length);
    for (const [e, id] of adds) {
      if (e >= out.length || out[e] !== undefined) throw new Desync(`bad target ${index}.${e}`);
      out[e] = id;
    }
    let next = 0;
    for (let i = 0; i < out.length; i++) if (out[i] === undefined) out[i] = items[next++];
    sections[index] = { ...sections[index], items: out };
  }
  for (const index of [...removal.keys(), ...additions.keys()]) touched.add(index);

  // 4. Updates name items at their (unchanged) positions.
  for (const [s, e, id] of stage.itemUpdated ?? []) {
    if (sections[s]?.items[e] !== id) throw new Desync(`no ${id} to update`);
  }
  return { model: sections, touched };
}
