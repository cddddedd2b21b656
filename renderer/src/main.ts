import { createApp } from 'vue';
import { createPinia } from 'pinia';
import { config as zodConfig } from 'zod/v4/core';
import App from './App.vue';
import './styles.css';

// The CSP forbids eval: tell zod not to probe for it (the probe is refused and reported as a CSP violation).
zodConfig({ jitless: true });

createApp(App).use(createPinia()).mount('#app');
