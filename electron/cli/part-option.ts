import { describeIssues } from '@shared/validation/describe-issues';
import { followedPartsSchema } from '@shared/monitor/provider/followed-parts';
import { CliUsageError } from './output';

/*
 * `--part <name>` of watch, summary and status, repeatable: a provider's parts to follow (a component, an AWS
 * service-region such as ec2-us-east-1, a Google Cloud product, an Azure service or region), checked as the
 * window's are (provider/followed-parts.ts). `statusdesk providers parts <provider>` lists the names.
 */

export const PART_OPTION_HELP = "follow only this part of a provider's page (repeat for more; `providers parts <provider>` lists them)";

/** Commander's collector: every --part given, in order. */
export function collectPart(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** The parts given, checked; undefined when none were. */
export function partsOption(values: string[] | undefined): string[] | undefined {
  if (!values || values.length === 0) return undefined;
  const parsed = followedPartsSchema.safeParse(values);
  if (!parsed.success) throw new CliUsageError(`--part: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}
