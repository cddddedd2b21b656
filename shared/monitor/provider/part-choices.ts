import { z } from 'zod';
import { wellKnownParts } from '../../providers/provider-parts';
import type { PageSnapshot } from '../snapshot';
import { knownParts, partKey } from './followed-parts';

/*
 * What the window's picker and `statusdesk providers parts` offer for one provider page: the parts its last
 * answer named (components; the parts its feed's incidents name), then the provider's well-known parts not
 * named there (provider-parts.ts). One list for both, so both offer the same names.
 */

export const partChoiceSchema = z.object({
  key: z.string().max(120),
  label: z.string().max(200),
  /** Named in the page's last answer (else: only in the well-known list). */
  seen: z.boolean(),
});
export type PartChoice = z.infer<typeof partChoiceSchema>;

/** Bounded: AWS's well-known list is services × regions. */
export const MAX_PART_CHOICES = 2_000;

export function partChoices(page: PageSnapshot, pageUrl: string, name?: string): PartChoice[] {
  const out = new Map<string, PartChoice>();
  for (const key of knownParts(page)) out.set(partKey(key), { key, label: key, seen: true });
  for (const part of wellKnownParts(pageUrl, name ?? page.name)) {
    const seen = out.get(partKey(part.key));
    if (seen) seen.label = part.label;
    else out.set(partKey(part.key), { ...part, seen: false });
  }
  return [...out.values()].slice(0, MAX_PART_CHOICES);
}

/** The choices that match what a person typed: every word in the key or the label, any case. */
export function searchPartChoices(choices: readonly PartChoice[], query: string, limit = 50): PartChoice[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = choices.filter((c) => words.every((w) => c.key.toLowerCase().includes(w) || c.label.toLowerCase().includes(w)));
  return found.slice(0, limit);
}
