import type { IncidentSnapshot } from '../snapshot';
import { htmlToText } from './html-to-text';

/*
 * "Draft incident on my page…": a provider's incident as the first draft of an incident on the
 * user's own page. Nothing is sent from here: the draft opens in the incident editor, the user edits
 * and saves it, and only then does it go through the outbox like every write.
 *
 * - title: the provider's title, prefixed with the provider's name (editable);
 * - type: from the provider's impact: critical and major → major, minor and none → minor,
 *   maintenance → scheduled (an own page lists only what affects its readers: at least minor);
 * - first update: says which provider is affected, quotes the provider's latest update and links
 *   to their incident; the provider's HTML (their title and update) becomes plain text, links kept as
 *   text (html-to-text.ts), so no markup of theirs is posted on our page;
 * - services: the own services mapped to the provider's affected components (set once per
 *   provider and own page, remembered on the provider's watched page).
 */

/** Per own account: provider component id (as text) → own service ids. */
type ServiceMapping = Readonly<Record<string, readonly number[]>>;

interface ProviderDraftInput {
  providerName: string;
  incident: Pick<IncidentSnapshot, 'title' | 'type' | 'level' | 'url' | 'serviceIds' | 'latestUpdate'>;
  mapping: ServiceMapping;
}

/** What the incident editor prefills from (the shape of a queued create's body). */
export interface ProviderDraft {
  title: string;
  type: 'major' | 'minor' | 'scheduled';
  service_ids: number[];
  updates: Array<{ type: 'issue'; description: string; notify: boolean }>;
}

const TITLE_MAX = 255;

export function draftTypeOfImpact(impact: string): ProviderDraft['type'] {
  if (impact === 'critical' || impact === 'major') return 'major';
  if (impact === 'maintenance') return 'scheduled';
  return 'minor';
}

function quote(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

export function draftFromProviderIncident(input: ProviderDraftInput): ProviderDraft {
  const { providerName } = input;
  const incident = { ...input.incident, title: htmlToText(input.incident.title).replace(/\s+/g, ' ') };
  const services = new Set<number>();
  for (const component of incident.serviceIds) for (const id of input.mapping[String(component)] ?? []) services.add(id);
  const latest = incident.latestUpdate;
  const lines = [`We are affected by an incident at ${providerName}, one of our providers: “${incident.title}”.`];
  const said = latest ? htmlToText(latest.description) : '';
  if (latest && said.trim() !== '') {
    const when = latest.postedAt ? ` (${latest.postedAt.replace(/\.\d+Z$/, 'Z').replace('T', ' ')})` : '';
    lines.push('', `Their latest update${latest.type ? `, ${latest.type}` : ''}${when}:`, quote(said));
  }
  if (incident.url) lines.push('', `Details on their status page: ${incident.url}`);
  lines.push('', 'We are following it and will post an update here when our service is affected differently.');
  return {
    title: `${providerName}: ${incident.title}`.slice(0, TITLE_MAX),
    type: draftTypeOfImpact(incident.type),
    service_ids: [...services].sort((a, b) => a - b),
    updates: [{ type: 'issue', description: lines.join('\n'), notify: true }],
  };
}
