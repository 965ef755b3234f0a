import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { AriaRouter } from './app/AriaRouter';
import { ThemeRoot } from './app/ThemeRoot';

createRoot(document.getElementById('root')!).render(
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
