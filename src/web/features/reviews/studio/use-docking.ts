import { useEffect, useRef, useState } from 'react';

/** The place a docked block left: its height, and its column's left edge and width on screen. */
export interface DockSpot {
  height: number;
  left: number;
  width: number;
}

/**
 * Whether a block has scrolled away above the screen, so the page can keep it in reach docked at the bottom of
 * the screen. `spot` is where the block stands in the page: it keeps the block's height while the block is docked,
 * so nothing below moves. While docked, the block's height is the page's --studio-dock-height (styles.css pads
 * the page and keeps focused elements clear of it).
 */
export function useDocking(enabled: boolean) {
  const spotRef = useRef<HTMLDivElement>(null);
  const blockRef = useRef<HTMLDivElement>(null);
  const [spot, setSpot] = useState<DockSpot | null>(null);
  const docked = spot !== null;

  useEffect(() => {
    const element = spotRef.current;
    if (!enabled || !element) return;
    // Where the block stood, measured while it still stands there: the spot keeps its height, and the dock
    // spans the spot's column (not a sidebar or another column beside it).
    const measure = (height: number): DockSpot => {
      const box = element.getBoundingClientRect();
      return { height, left: box.left, width: box.width };
    };
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      // The admin pages have no header over the content: gone from the screen is gone from sight.
      const above = !entry.isIntersecting && entry.boundingClientRect.top < 0;
      setSpot((current) => (above ? (current ?? measure(element.offsetHeight)) : null));
    });
    observer.observe(element);
    const onResize = () => setSpot((current) => current && measure(current.height));
    window.addEventListener('resize', onResize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, [enabled]);

  useEffect(() => {
    const block = blockRef.current;
    if (!docked || !block) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--studio-dock-height', `${block.offsetHeight}px`));
    observer.observe(block);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--studio-dock-height');
    };
  }, [docked]);

  return { spotRef, blockRef, spot };
}
