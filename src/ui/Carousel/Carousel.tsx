import { useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { IconButton } from '../IconButton';
import { Controls, Dot, Dots, Root, Slide, Track, Viewport } from './Carousel.styles';

export interface CarouselProps {
  /** The slides, in order; any content. */
  slides: ReactNode[];
  /** Names the carousel region, e.g. 'Featured campaigns'. */
  'aria-label': string;
  /** Whether it rotates by itself (spec 000: the dashboard slider autoplays). */
  autoplay?: boolean;
  /** Milliseconds per slide while rotating (spec 000: 6000). */
  interval?: number;
  defaultIndex?: number;
  onSlideChange?: (index: number) => void;
  /** Slide group label, default 'n of m'. */
  slideLabel?: (index: number, total: number) => string;
  className?: string;
}

function usePrefersReducedMotion() {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches);
  useEffect(() => {
    const mql = window.matchMedia?.(query);
    if (!mql) return;
    const onChange = () => setReduced(mql.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);
  return Boolean(reduced);
}

/**
 * A slide show following the WAI-ARIA carousel pattern: a labelled region with
 * `aria-roledescription="carousel"`, slide groups, a rotation control first, previous/next and a dot
 * per slide. Rotation pauses while the pointer is over it or focus is inside, stops for good with the
 * pause button, and never starts when the user prefers reduced motion. While it rotates the slides
 * are not a live region (it would talk non-stop); when it stands still, changes are announced.
 */
export function Carousel({
  slides,
  'aria-label': ariaLabel,
  autoplay = true,
  interval = 6000,
  defaultIndex = 0,
  onSlideChange,
  slideLabel = (i, n) => `${i + 1} of ${n}`,
  className,
}: CarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, defaultIndex), Math.max(0, count - 1)));
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const onSlideChangeRef = useRef(onSlideChange);
  onSlideChangeRef.current = onSlideChange;

  const rotationOn = autoplay && !stopped && !reducedMotion && count > 1;
  const advancing = rotationOn && !hovered && !focusInside;

  const goTo = useCallback(
    (next: number) => {
      if (count === 0) return;
      const wrapped = (next + count) % count;
      setIndex(wrapped);
      onSlideChangeRef.current?.(wrapped);
    },
    [count],
  );

  useEffect(() => {
    if (!advancing) return;
    const id = window.setTimeout(() => goTo(index + 1), interval);
    return () => window.clearTimeout(id);
  }, [advancing, index, interval, goTo]);

  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false);
  };

  if (count === 0) return null;

  return (
    <Root
      aria-roledescription="carousel"
      aria-label={ariaLabel}
      className={className}
      data-rotating={advancing || undefined}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={onBlur}
    >
      {/* First in the tab order, as the WAI-ARIA pattern asks for the rotation control; shown below the slides. */}
      {count > 1 && (
        <Controls>
          {autoplay && !reducedMotion && (
            <IconButton
              icon={rotationOn ? 'pause' : 'play'}
              aria-label={rotationOn ? 'Stop automatic slide show' : 'Start automatic slide show'}
              size="sm"
              variant="outlined"
              onPress={() => setStopped((s) => !s)}
            />
          )}
          <IconButton icon="chevronLeft" aria-label="Previous slide" size="sm" variant="outlined" onPress={() => goTo(index - 1)} />
          <Dots>
            {slides.map((_, i) => (
              <Dot
                key={i}
                aria-label={`Slide ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onPress={() => goTo(i)}
              />
            ))}
          </Dots>
          <IconButton icon="chevronRight" aria-label="Next slide" size="sm" variant="outlined" onPress={() => goTo(index + 1)} />
        </Controls>
      )}
      <Viewport>
        <Track aria-live={advancing ? 'off' : 'polite'} style={{ transform: `translateX(-${index * 100}%)` }}>
          {slides.map((slide, i) => (
            <Slide
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(i, count)}
              aria-hidden={i === index ? undefined : true}
              inert={i !== index}
              data-current={i === index || undefined}
            >
              {slide}
            </Slide>
          ))}
        </Track>
      </Viewport>
    </Root>
  );
}
