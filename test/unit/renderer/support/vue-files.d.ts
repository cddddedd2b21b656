/*
 * The renderer's screen list loads each screen's .vue file on first visit; a test that reaches it (the
 * navigation store) type-checks under tsconfig.json, which has no Vue compiler, so a .vue file is a component.
 */
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
