// jsdom lays nothing out, and has no rectangles for a Range at all: ProseMirror asks for them
// whenever it scrolls the caret into view (a focus, an undo, a switch back from HTML source), and
// threw in a later frame, outside the test that caused it. Empty ones stand in; no test here
// measures layout (the journeys in Chromium do).
if (typeof Range !== 'undefined') {
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  for (const proto of [Range.prototype, Element.prototype])
    Object.assign(proto, { getClientRects: () => [], getBoundingClientRect: emptyRect });
}
