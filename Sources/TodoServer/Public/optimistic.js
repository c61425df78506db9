// The page shows what the person did at once. An event the page can predict (predictions.js)
// is numbered (`seq`, 1, 2, 3… on each connection) and kept as pending with its prediction;
// the list shown is what the server last said with every pending prediction applied on top,
// in order. The server's chrome carries `ack`, the highest number it has done and shows:
// those events' predictions go, and what remains is applied again on top of the server's
// newest state (the Replicache model), so once nothing is pending the page shows exactly the
// server's snapshot. A refused event is acknowledged like any other: its prediction goes,
// which rolls it back, and the chrome's problem says why.
//
// Events that say where a todo goes, not how to change it (a status to set, not a toggle; a
// todo added with the identifier the page chose; indenting as nesting under a named parent),
// so that an event sent again after a dropped connection does what it did once.

import { applyStage, Desync, withCounts } from './list-model.js';
import { prediction, removal } from './predictions.js';

/** The events sent again on a new connection when the old one dropped before their answer. */
const RESENT = new Set(['setStatus', 'create', 'move', 'nest', 'setExpanded']);

/** The server's list after a `changes` message, computed without touching `state`. */
function applied(state, message) {
  const cells = new Map(state.cells);
  for (const [id, cell] of Object.entries(message.cells)) cells.set(id, cell);
  let model = state.model;
  for (const stage of message.stages) model = applyStage(model, stage).model;
  if (message.counts) model = withCounts(model, message.counts);
  for (const stage of message.stages) {
    for (const [, , id] of stage.itemUpdated ?? []) if (!cells.has(id)) throw new Desync(`no cell ${id}`);
  }
  return { model, cells };
}

export class Optimistic {
  /**
   * `view` shows lists (ListView); `connection` sends; `chrome()` is the chrome shown now,
   * whose filter, view and dialogs a prediction reads.
   */
  constructor({ view, connection, chrome }) {
    this.view = view;
    this.connection = connection;
    this.chrome = chrome;
    this.pending = [];
    this.number = 0;
    // What the server last said, while predictions are shown on top of it; null when nothing
    // is pending (the view then shows the server's list itself).
    this.confirmed = null;
    // The rows the last delete took out, which its Undo puts back.
    this.removed = null;
  }

  /**
   * Sends an event; an event the page predicts is shown at once. Returns false (and sends
   * nothing) while offline.
   */
  send(type, fields = {}) {
    const event = this.translate(type, fields);
    if (!event) return false;
    const chrome = this.chrome();
    const predict = chrome ? prediction(event.type, event.fields, chrome, this.removed) : null;
    if (!predict) return this.connection.send(event.type, event.fields);
    if (!this.connection.isOpen) return false;
    // What a delete takes out, for its Undo; an Undo uses it up.
    if (event.type === 'confirmDelete') this.removed = removal(this.view, chrome.confirmDelete);
    if (event.type === 'undo') this.removed = null;
    const seq = ++this.number;
    this.pending.push({ seq, type: event.type, fields: event.fields, predict });
    this.connection.send(event.type, { ...event.fields, seq });
    this.show();
    return true;
  }

  /** The event as sent: a toggle names the status it sets, an indent the parent. */
  translate(type, fields) {
    const cell = this.view.cells.get(fields.id);
    switch (type) {
      case 'toggle':
        if (!cell || cell.kind !== 'todo') return { type, fields };
        return { type: 'setStatus', fields: { id: fields.id, status: cell.status === 'done' ? 'notStarted' : 'done' } };
      case 'add':
        // Spelled as the server spells identifiers (upper case): the row shown at once is
        // then the server's row, not a second one that replaces it (and drops its focus).
        return { type: 'create', fields: { id: crypto.randomUUID().toUpperCase(), title: fields.title } };
      case 'indent': {
        const parent = this.view.siblingAbove(fields.id);
        return parent ? { type: 'nest', fields: { id: fields.id, parent } } : { type, fields };
      }
      case 'outdent': {
        const parent = this.view.parentOf(fields.id);
        return parent ? { type: 'move', fields: { id: fields.id, after: parent } } : { type, fields };
      }
    }
    return { type, fields };
  }

  /** A snapshot: the server's whole list. */
  snapshot(message) {
    this.acknowledge(message.chrome?.ack ?? 0);
    if (!this.pending.length) {
      this.confirmed = null;
      this.view.showSnapshot(message);
      return;
    }
    this.view.showSnapshot(message);
    this.confirmed = { model: this.view.model, cells: this.view.cells };
    this.show();
  }

  /** A changes message; throws Desync when it does not fit what the server said before. */
  changes(message) {
    const wasPending = this.pending.length > 0;
    if (message.chrome) this.acknowledge(message.chrome.ack ?? 0);
    if (!wasPending && !this.pending.length) {
      this.view.applyChanges(message);
      return;
    }
    this.confirmed = applied(this.confirmed, message);
    this.show();
  }

  /** Drops the predictions of the events the server has done. */
  acknowledge(ack) {
    if (!this.pending.length || this.pending[0].seq > ack) return;
    this.pending = this.pending.filter((event) => event.seq > ack);
  }

  /** Shows the server's list with the pending predictions on top. */
  show() {
    if (!this.confirmed) this.confirmed = { model: this.view.model, cells: new Map(this.view.cells) };
    let state = this.confirmed;
    for (const event of this.pending) state = event.predict(state) ?? state;
    this.view.show(state);
    if (!this.pending.length) this.confirmed = null;
  }

  /**
   * A new connection: its server has done none of this page's events. Those that may not
   * have arrived are sent again, numbered anew; the others' predictions go (the new
   * snapshot shows what they did).
   */
  reconnected() {
    this.number = 0;
    const resent = this.pending.filter((event) => RESENT.has(event.type));
    this.pending = [];
    for (const event of resent) {
      const seq = ++this.number;
      this.pending.push({ ...event, seq });
      this.connection.send(event.type, { ...event.fields, seq });
    }
  }

  /** The numbers of the events waiting for the server (for tests). */
  get waiting() {
    return this.pending.map((event) => event.seq);
  }
}
