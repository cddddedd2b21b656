import fs from 'node:fs';
import { z } from 'zod';

/*
 * The reports docs/reliability-results.md is written from, read through schemas: vitest's JSON report (each
 * test's duration and the figures it recorded in its meta, test/support/report-figures.ts) and the long
 * simulation's bench/results/simulation.json (scripts/simulate-write-path.ts).
 */

const figureSchema = z.union([z.number(), z.string()]);

const vitestTestSchema = z.object({
  title: z.string(),
  status: z.string(),
  duration: z.number().nullish(),
  meta: z
    .object({ figures: z.record(z.string(), figureSchema).optional() })
    .loose()
    .optional(),
});

const vitestFileSchema = z.object({
  name: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  assertionResults: z.array(vitestTestSchema),
});

export const vitestReportSchema = z.object({
  startTime: z.number(),
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  testResults: z.array(vitestFileSchema),
});
export type VitestReport = z.infer<typeof vitestReportSchema>;

export const longSimulationSchema = z.object({
  schedules: z.number(),
  violations: z.number(),
  seed: z.number(),
  durationMs: z.number(),
  workers: z.number(),
  schedulesPerSecond: z.number(),
  cpuMsPerSchedule: z.number(),
  figures: z.object({ writes: z.number() }),
  finishedAt: z.string().optional(),
  machine: z.object({ cores: z.number(), loadAverage: z.array(z.number()) }),
});
export type LongSimulation = z.infer<typeof longSimulationSchema>;

export type Figures = Record<string, number | string>;

/** One test of a suite as the page uses it. */
export interface TestFigures {
  title: string;
  passed: boolean;
  ms: number;
  figures: Figures;
}

/** What a report says of one or more test files: how many tests, how they ended, how long, what they measured. */
export interface SuiteFigures {
  files: number;
  cases: number;
  failed: number;
  /** The longest file's time from its first test's start to its last test's end (files may run side by side). */
  ms: number;
  /** Every figure the files' tests recorded, the later test's winning a name both gave. */
  figures: Figures;
  tests: TestFigures[];
}

/** The files of `report` among `files` (paths from the repository's root); null when none of them ran. */
export function suiteFigures(report: VitestReport, files: string[]): SuiteFigures | null {
  const ran = report.testResults.filter((result) => files.some((file) => result.name.replaceAll('\\', '/').endsWith(`/${file}`)));
  if (ran.length === 0) return null;
  const tests = ran.flatMap((result) =>
    result.assertionResults.map((test) => ({
      title: test.title,
      passed: test.status === 'passed',
      ms: test.duration ?? 0,
      figures: test.meta?.figures ?? {},
    })),
  );
  return {
    files: ran.length,
    cases: tests.length,
    failed: tests.filter((test) => !test.passed).length,
    ms: Math.max(...ran.map((result) => result.endTime - result.startTime)),
    figures: Object.assign({}, ...tests.map((test) => test.figures)) as Figures,
    tests,
  };
}

/** The run's length as the report has it: from its start to its last test's end. */
export function reportMs(report: VitestReport): number {
  return Math.max(0, ...report.testResults.map((result) => result.endTime - report.startTime));
}

/** Reads and checks a report; null when the file is not there. A file that is there but not a report throws, naming it. */
export function readReport<T>(file: string, schema: z.ZodType<T>): T | null {
  if (!fs.existsSync(file)) return null;
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not the report expected: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
