import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * What appears between the header and the title while the writer types below it (the service's
 * refusal, a note, a conflict) must not push the words under the caret down the window. Chromium
 * keeps the place itself (scroll anchoring) once the page is scrolled at all, but not at its very
 * top, where a post is typed most: there the page is scrolled by what was added, with room made
 * at the page's end when it is too short to scroll that far. What is scrolled out of sight so
 * (or added while the page is scrolled down) must be said elsewhere: `onOutOfSight` is called.
 *
 * Returns the refs to give: `above`, the element holding what appears; `room`, an empty element
 * at the page's end. `header` and `title` are the elements `above` sits between.
 */
export function useTextKeptInPlace(
  header: { current: HTMLElement | null },
  title: { current: HTMLElement | null },
  onOutOfSight: () => void,
) {
  const above = useRef<HTMLDivElement>(null);
  const room = useRef<HTMLDivElement>(null);
  const outOfSight = useRef(onOutOfSight);
  // Before the observer can answer the commit that changed what is said.
  useLayoutEffect(() => {
    outOfSight.current = onOutOfSight;
  });
  useEffect(() => {
    const block = above.current;
    const spacer = room.current;
    if (!block || !spacer || typeof ResizeObserver === 'undefined') return;
    // The room above the title less the header's height, so a header that grows a row is not
    // taken for something added above the text (scrolling by it would put the title under the
    // header). In the page's layout, not on screen: the header sticks, and a measure on screen
    // taken scrolled down was off by the scroll (review R9: the page was thrown thousands of
    // pixels down when the refusal went at its top).
    const taken = () => (title.current?.offsetTop ?? 0) - (header.current?.offsetHeight ?? 0);
    let last = taken();
    const observer = new ResizeObserver(() => {
      const now = taken();
      const added = now - last;
      last = now;
      const active = document.activeElement;
      const writerBelow =
        active instanceof HTMLElement &&
        block.parentElement?.contains(active) &&
        !block.contains(active) &&
        Boolean(block.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
      if (added <= 0) {
        if (block.offsetHeight === 0) spacer.style.height = '';
        return;
      }
      // Scrolled at all, the browser has kept the place already (see above).
      if (window.scrollY === 0 && writerBelow) {
        const scroller = document.scrollingElement ?? document.documentElement;
        if (scroller.scrollHeight - window.innerHeight < added) {
          // The page's own minimum height hides how short its content is: the spacer's foot is
          // put as far down as the scroll needs, whatever follows it.
          const lacking = window.innerHeight + added - spacer.getBoundingClientRect().bottom;
          if (lacking > 0) spacer.style.height = `${spacer.offsetHeight + lacking}px`;
        }
        window.scrollTo({ top: added, behavior: 'instant' });
      }
      const headerFoot = header.current?.getBoundingClientRect().bottom ?? 0;
      // Its first line under the header or above the window: not read where it is.
      if (block.getBoundingClientRect().top < headerFoot) outOfSight.current();
    });
    observer.observe(block);
    return () => observer.disconnect();
  }, [header, title]);
  return { above, room };
}
