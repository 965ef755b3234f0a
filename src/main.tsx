import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { AriaRouter } from './app/AriaRouter';
import { makeStore } from './app/store';
import { ThemeRoot } from './app/ThemeRoot';

const store = makeStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AriaRouter>
          <ThemeRoot>
            <App />
          </ThemeRoot>
        </AriaRouter>
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
