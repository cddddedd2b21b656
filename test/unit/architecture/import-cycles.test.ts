import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, isLocal, sourceFiles, target } from '../../support/import-graph';
import { repoRoot } from '../../support/paths';

/*
 * No import circles in product code, type-only imports included: two files that need each other are one idea
 * split in two, or share a third that should have a home of its own. Written over the architecture tests' own
 * import scanner rather than madge, which takes some 25 s to read the same trees through the compiler.
 */

type Graph = ReadonlyMap<string, readonly string[]>;

/** The file an import leads to, relative to the repository, or null when it is not a source file of the tree. */
function resolved(file: string, specifier: string): string | null {
  const base = target(file, specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.vue`, path.join(base, 'index.ts')])
    if (/\.(ts|vue)$/.test(candidate) && fs.existsSync(path.join(repoRoot, candidate))) return candidate;
  return null;
}

function importGraph(dirs: readonly string[]): Graph {
  const graph = new Map<string, string[]>();
  for (const dir of dirs)
    for (const absolute of sourceFiles(dir)) {
      const file = path.relative(repoRoot, absolute);
      const edges = importsOf(fs.readFileSync(absolute, 'utf8'))
        .filter(isLocal)
        .map((specifier) => resolved(absolute, specifier))
        .filter((to): to is string => to !== null && to !== file);
      graph.set(file, [...new Set(edges)]);
    }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan), each as its files sorted. */
export function circles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import circles', () => {
  it('finds a circle, however long, and nothing in a tree without one', () => {
    const withCircle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circles(withCircle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      circles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads the whole import graph of the product', () => {
    const graph = importGraph(['electron', 'shared', 'renderer/src']);
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('electron/core/outbox/dispatch-plan.ts')).toContain('electron/core/outbox/plan-horizon.ts');
  });

  it('has none in the main process, the core, the command line, the window and shared/', () => {
    expect(circles(importGraph(['electron', 'shared', 'renderer/src']))).toEqual([]);
  });
});
