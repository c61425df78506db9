// Reordering the lists of the sidebar: drag a list onto another (before or after it, by
// which half it lands on), or Alt+↑/↓ on a focused list. Each sends one moveList event; the
// new order arrives with the next chrome, on every page of the person.

export function enableListReordering(root, move) {
  let dragged = null;
  const itemOf = (node) => node.closest?.('li[data-list]');
  const clear = () => {
    for (const other of root.querySelectorAll('.dragging, .drop-before, .drop-after')) {
      other.classList.remove('dragging', 'drop-before', 'drop-after');
    }
  };
  const isAfter = (item, y) => {
    const box = item.getBoundingClientRect();
    // The sidebar is a row of lists on a phone, a column elsewhere.
    return getComputedStyle(root).display === 'flex'
      ? false
      : y > box.top + box.height / 2;
  };

  root.addEventListener('dragstart', (event) => {
    const item = itemOf(event.target);
    if (!item) return;
    dragged = item.dataset.list;
    item.classList.add('dragging');
    event.dataTransfer?.setData('text/plain', dragged);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  });
  root.addEventListener('dragover', (event) => {
    const item = itemOf(event.target);
    if (!dragged || !item || item.dataset.list === dragged) return;
    event.preventDefault();
    for (const other of root.querySelectorAll('.drop-before, .drop-after')) {
      other.classList.remove('drop-before', 'drop-after');
    }
    item.classList.add(isAfter(item, event.clientY) ? 'drop-after' : 'drop-before');
  });
  root.addEventListener('drop', (event) => {
    const item = itemOf(event.target);
    if (!dragged || !item || item.dataset.list === dragged) return;
    event.preventDefault();
    const target = item.dataset.list;
    move(dragged, isAfter(item, event.clientY) ? { after: target } : { before: target });
    dragged = null;
    clear();
  });
  root.addEventListener('dragend', () => {
    dragged = null;
    clear();
  });

  root.addEventListener('keydown', (event) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    const item = itemOf(event.target);
    if (!item) return;
    event.preventDefault();
    const up = event.key === 'ArrowUp';
    const other = up ? item.previousElementSibling : item.nextElementSibling;
    if (!other?.dataset.list) return;
    // The list keeps the focus when the new order is drawn (Chrome.lists).
    move(item.dataset.list, up ? { before: other.dataset.list } : { after: other.dataset.list });
  });
}
