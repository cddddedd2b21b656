import type { StatusdeskApi } from '@shared/ipc/contract';

declare global {
  interface Window {
    /** Built by the preload from the IPC contract; the renderer's only way to the main process. */
    api: StatusdeskApi;
  }
}

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

export {};
