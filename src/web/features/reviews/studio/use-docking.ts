import { useEffect, useRef, useState } from 'react';

/** The site header is sticky and 4rem high: what is under it is out of sight. */
const HEADER_PX = 64;

/**
 * Whether a block has scrolled away above the screen, so the page can keep it in reach docked at the bottom of
 * the screen. `spot` is where the block stands in the page: it keeps the block's height while the block is docked,
 * so nothing below moves. While docked, the block's height is the page's --studio-dock-height (styles.css pads
 * the page and keeps focused elements clear of it).
 */
export function useDocking(enabled: boolean) {
  const spotRef = useRef<HTMLDivElement>(null);
  const blockRef = useRef<HTMLDivElement>(null);
  const [spotHeight, setSpotHeight] = useState<number | null>(null);
  const docked = spotHeight !== null;

  useEffect(() => {
    const spot = spotRef.current;
    if (!enabled || !spot) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const above = !entry.isIntersecting && entry.boundingClientRect.top < HEADER_PX;
        // Measured while the block is still in its place: the spot keeps that height.
        setSpotHeight((height) => (above ? (height ?? spot.offsetHeight) : null));
      },
      { rootMargin: `-${HEADER_PX}px 0px 0px 0px` },
    );
    observer.observe(spot);
    return () => observer.disconnect();
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

  return { spotRef, blockRef, docked, spotHeight };
}
