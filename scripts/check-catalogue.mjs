#!/usr/bin/env node
/*
 * Checks the whole provider catalogue (shared/providers/catalogue.json, or the file named as the first
 * argument): names and addresses listed twice (hosts compared without case or "www.", paths without a
 * trailing slash), formats the reader does not support, malformed or non-https addresses, sources that
 * do not exist and dates that do not parse. Prints a short report; exits 1 on any problem.
 * The supported formats come from the format registry (shared/monitor/provider/formats/registry.ts), and every
 * entry and source is also held to the schema the app reads the catalogue with (shared/providers/catalogue.ts),
 * both imported as the app imports them, so what passes here is what the app accepts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = process.argv[2] ?? path.join(root, 'shared/providers/catalogue.json');

/** The format ids the readers support and the app's catalogue schemas, from their own modules (run through tsx: TypeScript). */
async function appRules() {
  const { tsImport } = await import('tsx/esm/api');
  const registry = await tsImport('../shared/monitor/provider/formats/registry.ts', import.meta.url);
  const schemas = await tsImport('../shared/providers/catalogue.ts', import.meta.url);
  return { formats: new Set(registry.PROVIDER_FORMATS), schemas };
}

/** Each way a part of the catalogue breaks the app's schema, named by its entry, field and the schema's words. */
function schemaProblems(catalogue, schemas) {
  const problems = [];
  const each = (items, schema, label) =>
    (Array.isArray(items) ? items : []).forEach((item, i) => {
      const result = schema.safeParse(item);
      if (!result.success)
        for (const issue of result.error.issues) problems.push(`${label(item, i)}: ${issue.path.join('.') || 'entry'}: ${issue.message} (the app's schema)`);
    });
  each(catalogue.sources, schemas.catalogueSourceSchema, (source, i) => `source "${source?.id ?? i}"`);
  each(catalogue.providers, schemas.catalogueEntrySchema, (entry, i) => `"${entry?.name ?? `entry ${i}`}"`);
  if (catalogue.version !== 2) problems.push(`version ${catalogue.version} is not 2 (the app's schema)`);
  const size = (catalogue.providers ?? []).length;
  if (size < schemas.MIN_CATALOGUE_SIZE) problems.push(`${size} providers, fewer than ${schemas.MIN_CATALOGUE_SIZE} (the app's schema)`);
  return problems;
}

function isDate(value) {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

/** Why an address is refused, or null. */
function addressProblem(value) {
  if (typeof value !== 'string') return 'is missing';
  let url;
  try {
    url = new URL(value);
  } catch {
    return 'is malformed';
  }
  if (url.protocol !== 'https:') return 'is not https';
  if (url.username || url.password || url.search || url.hash || /\s/.test(value)) return 'carries credentials, a query, a fragment or spaces';
  return null;
}

/** The address as compared for duplicates: host without case or "www.", path without a trailing slash. */
function addressKey(value) {
  const url = new URL(value);
  return `${url.hostname.toLowerCase().replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}`;
}

export function checkCatalogue(catalogue, { formats, schemas }) {
  const problems = schemas ? schemaProblems(catalogue, schemas) : [];
  const sources = new Map();
  for (const source of catalogue.sources ?? []) {
    if (sources.has(source.id)) problems.push(`source "${source.id}" is listed twice`);
    sources.set(source.id, source);
    if (!isDate(source.date)) problems.push(`source "${source.id}": date "${source.date}" does not parse`);
    // A list in a repository is named by the commit read; a web page by its address.
    if (source.page === undefined && !/^[0-9a-f]{40}$/.test(source.commit ?? ''))
      problems.push(`source "${source.id}": commit "${source.commit}" is not a commit id`);
    if (source.page !== undefined && addressProblem(source.page) !== null)
      problems.push(`source "${source.id}": page "${source.page}" is not an https address`);
  }
  const names = new Map();
  const addresses = new Map();
  for (const entry of catalogue.providers ?? []) {
    const label = `"${entry.name}"`;
    const name = String(entry.name ?? '')
      .trim()
      .toLowerCase();
    if (names.has(name)) problems.push(`${label} is listed twice (name)`);
    names.set(name, entry);
    if (!formats.has(entry.format)) problems.push(`${label}: format "${entry.format}" is not one the reader supports`);
    for (const field of ['url', 'page']) {
      if (field === 'page' && entry.page === undefined) continue;
      const problem = addressProblem(entry[field]);
      if (problem) problems.push(`${label}: ${field} ${entry[field]} ${problem}`);
    }
    if (addressProblem(entry.url) === null) {
      const key = addressKey(entry.url);
      if (addresses.has(key)) problems.push(`${label}: address ${entry.url} is also "${addresses.get(key).name}"'s`);
      addresses.set(key, entry);
    }
    if (!sources.has(entry.source)) problems.push(`${label}: source "${entry.source}" does not exist`);
    if (!isDate(entry.listed)) problems.push(`${label}: date "${entry.listed}" does not parse`);
    if (entry.supersedes) {
      if (!sources.has(entry.supersedes.source)) problems.push(`${label}: superseded source "${entry.supersedes.source}" does not exist`);
      if (!isDate(entry.supersedes.listed)) problems.push(`${label}: superseded date "${entry.supersedes.listed}" does not parse`);
      else if (isDate(entry.listed) && entry.supersedes.listed > entry.listed) problems.push(`${label}: supersedes a newer listing`);
    }
  }
  return problems;
}

function report(catalogue, problems) {
  const providers = catalogue.providers ?? [];
  const byFormat = {};
  for (const entry of providers) byFormat[entry.format] = (byFormat[entry.format] ?? 0) + 1;
  const lines = [
    `catalogue: ${providers.length} providers from ${(catalogue.sources ?? []).length} sources`,
    `formats: ${Object.entries(byFormat)
      .map(([format, n]) => `${format} ${n}`)
      .join(', ')}`,
    `superseded addresses noted: ${providers.filter((e) => e.supersedes).length}`,
  ];
  if (problems.length === 0) lines.push('no problems');
  else lines.push(`${problems.length} problem(s):`, ...problems.map((p) => `  - ${p}`));
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const catalogue = JSON.parse(readFileSync(file, 'utf8'));
  const problems = checkCatalogue(catalogue, await appRules());
  console.log(report(catalogue, problems));
  process.exitCode = problems.length === 0 ? 0 : 1;
}
