import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { AriaRouter } from './app/AriaRouter';
import { makeStore } from './app/store';
import { PortalThemeProvider } from './ui/theme';

const store = makeStore();
const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AriaRouter>
          <PortalThemeProvider theme={prefersDark ? 'dark' : 'light'}>
            <App />
          </PortalThemeProvider>
        </AriaRouter>
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
