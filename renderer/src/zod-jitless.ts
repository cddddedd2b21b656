import { config as zodConfig } from 'zod/v4/core';

// The CSP forbids eval: zod must not probe for it (the probe is refused and reported as a CSP violation). A
// module of its own, imported first by main.ts, so this runs before any schema of the window is built or used.
zodConfig({ jitless: true });
