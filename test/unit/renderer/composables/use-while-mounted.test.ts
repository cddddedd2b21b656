import { describe, expect, it, vi } from 'vitest';
import { createRenderer, defineComponent, h, nextTick, ref } from 'vue';
import { listenWhileMounted } from '../../../../renderer/src/composables/use-while-mounted';

/* A screen hears pushes only while it is shown: subscribed on mount, unsubscribed on unmount. */

interface TestNode {
  children: TestNode[];
  parent: TestNode | null;
  text: string;
}

/** Vue's own renderer over plain objects: the unit project has no DOM. */
function testRenderer() {
  const node = (text = ''): TestNode => ({ children: [], parent: null, text });
  const remove = (child: TestNode) => {
    if (child.parent) child.parent.children.splice(child.parent.children.indexOf(child), 1);
    child.parent = null;
  };
  const renderer = createRenderer<TestNode, TestNode>({
    createElement: () => node(),
    createText: (text) => node(text),
    createComment: (text) => node(text),
    setText: (target, text) => void (target.text = text),
    setElementText: (target, text) => void (target.text = text),
    insert: (child, parent, anchor) => {
      remove(child);
      const at = anchor ? parent.children.indexOf(anchor) : -1;
      parent.children.splice(at < 0 ? parent.children.length : at, 0, child);
      child.parent = parent;
    },
    remove,
    parentNode: (child) => child.parent,
    nextSibling: (child) => (child.parent ? (child.parent.children[child.parent.children.indexOf(child) + 1] ?? null) : null),
    patchProp: () => undefined,
  });
  return { renderer, root: node() };
}

describe('listenWhileMounted', () => {
  it('subscribes once the component mounts and stops when it unmounts, each time it is shown again', async () => {
    const stop = vi.fn();
    const listen = vi.fn(() => stop);
    const Screen = defineComponent({
      setup() {
        listenWhileMounted(listen);
        return () => h('div');
      },
    });
    const shown = ref(true);
    const { renderer, root } = testRenderer();
    const app = renderer.createApp({ render: () => (shown.value ? h(Screen) : null) });

    app.mount(root);
    expect(listen).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();

    shown.value = false;
    await nextTick();
    expect(stop).toHaveBeenCalledTimes(1);

    shown.value = true;
    await nextTick();
    expect(listen).toHaveBeenCalledTimes(2);
    app.unmount();
    expect(stop).toHaveBeenCalledTimes(2);
  });
});
