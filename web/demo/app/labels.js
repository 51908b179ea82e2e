// The scene's text labels as the reader sees them: their rectangles on screen (for the browser tests).

/** The visible labels of the scene on show: { text, left, top, right, bottom } in CSS pixels of the page. */
export function labelRects() {
  const out = [];
  for (const el of document.querySelectorAll(".labels .lbl")) {
    if (el.style.display === "none" || !el.textContent.trim()) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    out.push({
      text: el.textContent,
      left: r.left,
      top: r.top,
      right: r.right,
      bottom: r.bottom,
    });
  }
  return out;
}
