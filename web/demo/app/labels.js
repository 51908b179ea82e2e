// The scene's text labels as the reader sees them. Each frame, after three's CSS2DRenderer has put every label
// at its anchor, labels that would cover one another are moved apart on screen: in order of importance (the
// names of points first, then values), each label keeps its place if it is free, else takes the nearest free
// place around it (above, below, beside, further out step by step). The anchor stays where it is; only the
// text moves, and only as far as it must, so at any camera angle and any screen size no two labels overlap.

const GAP = 2; // CSS pixels kept between two labels

/** The visible labels (elements) of the view, names of points first. */
function visibleLabels() {
  const all = [...document.querySelectorAll(".labels .lbl")].filter(
    (el) => el.style.display !== "none" && el.textContent.trim() !== "",
  );
  const named = all.filter((el) => !el.classList.contains("plain"));
  const values = all.filter((el) => el.classList.contains("plain"));
  return [...named, ...values];
}

const intersects = (a, b) =>
  a.left < b.right + GAP &&
  b.left < a.right + GAP &&
  a.top < b.bottom + GAP &&
  b.top < a.bottom + GAP;

/** The candidate offsets of a w × h label, nearest first. */
function* offsets(w, h) {
  yield [0, 0];
  for (let k = 1; k <= 8; k++) {
    const dy = k * (h + GAP) * 0.5;
    const dx = k * (w + GAP) * 0.5;
    yield [0, -dy];
    yield [0, dy];
    yield [dx, 0];
    yield [-dx, 0];
    yield [dx, -dy];
    yield [-dx, -dy];
    yield [dx, dy];
    yield [-dx, dy];
  }
}

/** Moves overlapping labels apart (run after the label renderer, every frame). */
export function separateLabels() {
  const placed = [];
  // Measure all first (one layout), then move: the moves are added to three's transform, which it rewrites
  // on the next frame, so nothing accumulates.
  const items = visibleLabels().map((el) => ({
    el,
    rect: el.getBoundingClientRect(),
  }));
  for (const { el, rect } of items) {
    if (rect.width === 0) continue;
    let chosen = null;
    for (const [dx, dy] of offsets(rect.width, rect.height)) {
      const r = {
        left: rect.left + dx,
        right: rect.right + dx,
        top: rect.top + dy,
        bottom: rect.bottom + dy,
      };
      if (!placed.some((p) => intersects(p, r))) {
        chosen = { dx, dy, r };
        break;
      }
    }
    if (!chosen) chosen = { dx: 0, dy: 0, r: rect }; // crowded beyond reach: leave it
    if (chosen.dx || chosen.dy)
      el.style.transform += ` translate(${chosen.dx}px, ${chosen.dy}px)`;
    placed.push(chosen.r);
  }
}

/** The visible labels of the scene on show: { text, left, top, right, bottom } in CSS pixels of the page. */
export function labelRects() {
  return visibleLabels().map((el) => {
    const r = el.getBoundingClientRect();
    return {
      text: el.textContent,
      left: r.left,
      top: r.top,
      right: r.right,
      bottom: r.bottom,
    };
  });
}
