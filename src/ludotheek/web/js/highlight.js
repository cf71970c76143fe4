// Marks moves on a renderer's board: the better move of an analysis, the move played.
// A renderer that can show a move says which of its elements stand for it
// (renderer.targets(move) -> element ids); the marks stay while the board is redrawn
// (renderers redraw on every view, some after an animation) until cleared.
export function markMoves(board, renderer, marks) {
  if (!renderer || !renderer.targets) return () => {};
  const wanted = [];
  for (const { move, kind } of marks) {
    if (!move) continue;
    for (const id of renderer.targets(move) || []) wanted.push([id, kind]);
  }
  const apply = () => {
    for (const [id, kind] of wanted) {
      const node = board.querySelector(`#${CSS.escape(id)}`);
      if (node && !node.classList.contains(`ludo-${kind}`)) node.classList.add(`ludo-${kind}`);
    }
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(board, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    for (const [id, kind] of wanted) {
      const node = board.querySelector(`#${CSS.escape(id)}`);
      if (node) node.classList.remove(`ludo-${kind}`);
    }
  };
}
