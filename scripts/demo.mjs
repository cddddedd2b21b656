#!/usr/bin/env node
// npm run demo: the desktop app against an embedded simulator playing a one-minute scenario.
// A small launcher instead of `STATUSDESK_DEMO=1 electron-vite preview`, so it works on Windows too.
import { spawn } from 'node:child_process';

const child = spawn('npx', ['electron-vite', 'preview'], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, STATUSDESK_DEMO: '1' },
});
child.on('exit', (code) => process.exit(code ?? 0));
