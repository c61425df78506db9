// Drag and drop reordering (mouse) and swipe-to-reveal actions (touch). A drop sends one
// move event: before or after the row it landed on.

export function enableReordering(root, move) {
  let dragged = null;

  root.addEventListener('dragstart', (event) => {
    const cell = event.target.closest?.('li.cell[data-kind="todo"]');
    if (!cell) return;
    dragged = cell.dataset.id;
    cell.classList.add('dragging');
    event.dataTransfer?.setData('text/plain', dragged);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  });

  root.addEventListener('dragover', (event) => {
    if (!dragged) return;
    const cell = event.target.closest?.('li.cell[data-kind="todo"]');
    if (!cell || cell.dataset.id === dragged) return;
    event.preventDefault();
    const box = cell.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    for (const other of root.querySelectorAll('.drop-before, .drop-after')) other.classList.remove('drop-before', 'drop-after');
    cell.classList.add(after ? 'drop-after' : 'drop-before');
  });

  root.addEventListener('drop', (event) => {
    const cell = event.target.closest?.('li.cell[data-kind="todo"]');
    if (!dragged || !cell || cell.dataset.id === dragged) return;
    event.preventDefault();
    const box = cell.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    move(dragged, after ? { after: cell.dataset.id } : { before: cell.dataset.id });
    finish();
  });

  root.addEventListener('dragend', finish);

  function finish() {
    dragged = null;
    for (const other of root.querySelectorAll('.dragging, .drop-before, .drop-after')) {
      other.classList.remove('dragging', 'drop-before', 'drop-after');
    }
  }

  // Touch: swipe right reveals the leading action (Edit), swipe left the trailing (Delete).
  let start = null;
  root.addEventListener('touchstart', (event) => {
    const cell = event.target.closest?.('li.cell[data-kind="todo"]');
    if (!cell || event.touches.length !== 1) return;
    start = { cell, x: event.touches[0].clientX, y: event.touches[0].clientY };
  }, { passive: true });
  root.addEventListener('touchend', (event) => {
    if (!start) return;
    const touch = event.changedTouches[0];
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) {
      for (const other of root.querySelectorAll('.reveal-leading, .reveal-trailing')) {
        if (other !== start.cell) other.classList.remove('reveal-leading', 'reveal-trailing');
      }
      start.cell.classList.toggle('reveal-leading', dx > 0);
      start.cell.classList.toggle('reveal-trailing', dx < 0);
    }
    start = null;
  });
}
