// js-yaml ships no types and @types/js-yaml is not installed: the one function the packaging test uses.
declare module 'js-yaml' {
  export function load(text: string): unknown;
}
