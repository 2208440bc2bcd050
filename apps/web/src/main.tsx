import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { prefetchHome } from './features/bots/prefetch-home.ts';
import { listenForInstallPrompt } from './features/platform/install-prompt.ts';
import { i18nReady } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Keep the browser's install prompt for the install icon (it can fire before the first render).
listenForInstallPrompt();

// Home's characters and its largest image are asked for now, beside the first render (issue 13).
prefetchHome(queryClient);

// The stored language's dictionary first (English is bundled and ready at once).
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // SPEC §2: a service worker from the site root; the page reloads when an update is installed.
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
}
