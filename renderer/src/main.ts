import './zod-jitless';
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { reportErrorsToMain } from './lib/report-errors';
import './styles.css';

const app = createApp(App).use(createPinia());
// Errors in the window reach the main log (Help → Open Logs Folder), rate-limited.
reportErrorsToMain(app, window, (report) => window.api.diagnostics.reportRendererError(report));
app.mount('#app');
