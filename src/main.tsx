import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { AriaRouter } from './app/AriaRouter';
import { ThemeRoot } from './app/ThemeRoot';
import { renderMode } from './lib/renderMode';

// What the API answers bring is rendered in slices too, not in one task per answer
// (src/api/transitionSelector.ts; the dashboard's real blocked time about halved).
renderMode.answersAsTransitions = true;
// What this width hides is not rendered, what is far below renders when near or idle (src/lib/RenderWhenNear.tsx).
renderMode.offscreenWhenNear = true;

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React draws the page in slices and lets the browser breathe in
// between, instead of one long task (sign-in's blocked main thread 250-260 -> 80-200 ms in Lighthouse,
// docs/web-performance.md). index.html's own spinner shows until the page is drawn.
startTransition(() => {
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AriaRouter>
          <ThemeRoot>
            <App />
          </ThemeRoot>
        </AriaRouter>
      </BrowserRouter>
    </StrictMode>,
  );
});
