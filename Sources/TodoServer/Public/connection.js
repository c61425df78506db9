// The WebSocket to the server: reconnects with backoff, reports online/offline, and hands
// every message to the page. Events typed while offline are not sent; the page keeps the
// typed text, and a reconnect brings a fresh snapshot.
//
// For development, `?latency=200` in the page's address delays every message each way by
// 200 ms, as a connection from far away would (the page's predictions then show).

export const VERSION = 1;

/** The simulated delay of each message, each way, in milliseconds (0: none). */
const LATENCY = Math.max(0, Math.min(10000, Number(new URLSearchParams(location.search).get('latency')) || 0));

/** Runs `work` after the simulated delay (at once without one), in the order given. */
const later = (work) => (LATENCY ? setTimeout(work, LATENCY) : work());

export class Connection {
  /** `path`: the socket's address on this server (`/live`, with the page's query). */
  constructor({ path = '/live', onMessage, onOnline, onOffline }) {
    this.path = path;
    this.onMessage = onMessage;
    this.onOnline = onOnline;
    this.onOffline = onOffline;
    this.socket = null;
    this.delay = 250;
    this.open();
    window.addEventListener('online', () => this.retryNow());
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  open() {
    // A retry may be scheduled (after a close); this open replaces it, so that two sockets
    // never end up open for one page.
    clearTimeout(this.timer);
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}${this.path}`);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.delay = 250;
      this.onOnline();
    });
    socket.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      later(() => this.onMessage(message));
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      // 1008: the server has accounts and this browser is not signed in (any more).
      if (event.code === 1008) {
        location.assign('/signin');
        return;
      }
      this.socket = null;
      this.onOffline();
      this.timer = setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 4000);
    });
  }

  retryNow() {
    if (this.socket) return;
    clearTimeout(this.timer);
    this.open();
  }

  /** Sends an event; returns false (and sends nothing) while offline. */
  send(type, fields = {}) {
    if (!this.isOpen) return false;
    const socket = this.socket;
    const text = JSON.stringify({ v: VERSION, type, ...fields });
    later(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    });
    return true;
  }
}
