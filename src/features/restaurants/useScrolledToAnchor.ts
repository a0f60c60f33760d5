import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A link to a section of the restaurant page (`…#kitchen` from the manager's restaurant card) scrolls to it once the
 * section has its content: the browser's own jump happens before the lazily loaded section is tall enough.
 */
export function useScrolledToAnchor(anchor: string, ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || hash !== `#${anchor}`) return;
    done.current = true;
    document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
  }, [anchor, hash, ready]);
}
