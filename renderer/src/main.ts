import { createApp } from 'vue';
import { createPinia } from 'pinia';
import { config as zodConfig } from 'zod/v4/core';
import App from './App.vue';
import { reportErrorsToMain } from './lib/report-errors';
import './styles.css';

// The CSP forbids eval: tell zod not to probe for it (the probe is refused and reported as a CSP violation).
zodConfig({ jitless: true });

const app = createApp(App).use(createPinia());
// Errors in the window reach the main log (Help → Open Logs Folder), rate-limited.
reportErrorsToMain(app, window, (report) => window.api.diagnostics.reportRendererError(report));
app.mount('#app');
