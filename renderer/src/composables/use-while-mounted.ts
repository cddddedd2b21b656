import { onBeforeUnmount, onMounted } from 'vue';

/**
 * Listens for as long as the component is on screen: `listen` runs when it mounts and returns what stops it,
 * called when it unmounts, so a screen left and opened again never hears a push twice.
 */
export function listenWhileMounted(listen: () => () => void): void {
  let stop: (() => void) | undefined;
  onMounted(() => {
    stop = listen();
  });
  onBeforeUnmount(() => stop?.());
}
