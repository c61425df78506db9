// Drag and drop reordering (mouse, and a long press on touch screens) and swipe-to-reveal
// actions (touch). A drop sends one move: before the row it landed on (its top quarter),
// after it (its bottom quarter), or into it, as its last subtask (the middle).

// `canReorder` says whether the list has an order to change now (a smart view, in deadline
// order, has none: a drag does not start).
export function enableReordering(root, move, canReorder = () => true) {
  let dragged = null;

  root.addEventListener('dragstart', (event) => {
    const cell = event.target.closest?.('li.cell[data-kind="todo"]');
    if (!cell) return;
    if (!canReorder()) {
      event.preventDefault();
      return;
    }
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
    hover(cell, event.clientY);
  });

  root.addEventListener('drop', (event) => {
    const cell = event.target.closest?.('li.cell[data-kind="todo"]');
    if (!dragged || !cell || cell.dataset.id === dragged) return;
    event.preventDefault();
    drop(cell, event.clientY);
  });

  /** Where a drop at `y` over `cell` puts the dragged row: `before`, `into` or `after`. */
  function zone(cell, y) {
    const box = cell.getBoundingClientRect();
    if (y < box.top + box.height / 4) return 'before';
    if (y > box.bottom - box.height / 4) return 'after';
    return 'into';
  }

  /** Marks where a drop at `y` over `cell` would put the dragged row. */
  function hover(cell, y) {
    for (const other of root.querySelectorAll('.drop-before, .drop-after, .drop-into')) other.classList.remove('drop-before', 'drop-after', 'drop-into');
    cell.classList.add(`drop-${zone(cell, y)}`);
  }

  function drop(cell, y) {
    move(dragged, { [zone(cell, y)]: cell.dataset.id });
    finish();
  }

  root.addEventListener('dragend', finish);

  function finish() {
    dragged = null;
    for (const other of root.querySelectorAll('.dragging, .drop-before, .drop-after, .drop-into')) {
      other.classList.remove('dragging', 'drop-before', 'drop-after', 'drop-into');
    }
  }

  // Touch: a long press (half a second without moving) picks the row up; it follows the
  // finger and drops where the finger lifts. A swipe right reveals the leading action (Edit),
  // a swipe left the trailing (Delete).
  let start = null;
  let press = null;
  const cellAt = (touch) => document.elementFromPoint(touch.clientX, touch.clientY)
    ?.closest?.('li.cell[data-kind="todo"]');
  root.addEventListener('touchstart', (event) => {
    const cell = event.target.closest?.('li.cell[data-kind="todo"]');
    if (!cell || event.touches.length !== 1) return;
    start = { cell, x: event.touches[0].clientX, y: event.touches[0].clientY };
    clearTimeout(press);
    press = setTimeout(() => {
      if (!start || !canReorder()) return;
      dragged = start.cell.dataset.id;
      start.cell.classList.add('dragging');
      navigator.vibrate?.(10);
    }, 500);
  }, { passive: true });
  root.addEventListener('touchmove', (event) => {
    const touch = event.touches[0];
    if (!dragged) {
      // Moving before the press is long enough is a scroll or a swipe, not a pick-up.
      if (start && Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > 8) clearTimeout(press);
      return;
    }
    event.preventDefault();
    const cell = cellAt(touch);
    if (cell && cell.dataset.id !== dragged) hover(cell, touch.clientY);
  }, { passive: false });
  root.addEventListener('touchcancel', () => {
    clearTimeout(press);
    start = null;
    finish();
  });
  root.addEventListener('touchend', (event) => {
    clearTimeout(press);
    if (dragged) {
      event.preventDefault();
      const touch = event.changedTouches[0];
      const cell = cellAt(touch);
      if (cell && cell.dataset.id !== dragged) drop(cell, touch.clientY);
      else finish();
      start = null;
      return;
    }
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
