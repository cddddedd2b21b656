import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';

/*
 * The editors that wrap EditorForm (incident, notice, update) bind it in one place, useEditorForm: its props,
 * its events and the draft they forget. An editor that binds EditorForm by hand again would let the three
 * drift apart (one forgetting its draft on Discard, another asking before closing when nothing was typed).
 */

const RENDERER = 'renderer/src';

function vueFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.vue'))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const editors = vueFiles(RENDERER).filter((file) => /import EditorForm from '[^']*EditorForm\.vue'/.test(read(file)));

describe('editors bind EditorForm through useEditorForm', () => {
  it('finds the incident, notice and update editors', () => {
    expect(editors.map((file) => path.basename(file)).sort()).toEqual(['IncidentEditor.vue', 'NoticeEditor.vue', 'UpdateEditor.vue']);
  });

  it.each(editors)('%s binds its form from useEditorForm and nothing else on the tag', (file) => {
    const source = read(file);
    expect(source).toMatch(/\buseEditorForm\(/);
    const tags = [...source.matchAll(/<EditorForm\b([^>]*)>/g)].map((m) => m[1]!.replace(/\s+/g, ' ').trim());
    expect(tags).toHaveLength(1);
    // Only the form's bindings, and the slot that gives the fields their errors.
    expect(tags[0]!.replace(/v-slot="[^"]*"/, '').trim()).toBe('v-bind="form"');
  });
});
