import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadScreenOf } from './app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The screen's files come with the page (the server names them, http/route-assets.ts):
// waiting for them here makes the first render, and the first paint, the whole screen.
await preloadScreenOf(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
