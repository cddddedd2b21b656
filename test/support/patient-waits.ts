import { vi } from 'vitest';
import { WAIT_MS } from './time-outs';

/*
 * Loaded first by every vitest project: vi.waitFor without a time-out of its own waits WAIT_MS instead of 1 s
 * (vitest has no setting for it; expect.poll's is set in the configs). Guarded, as files that share a worker's
 * modules load this once per file.
 */
const PATIENT = Symbol.for('statusdesk.test.patient-waits');
type PatientVi = typeof vi & { [PATIENT]?: true };

const patient = vi as PatientVi;
if (!patient[PATIENT]) {
  const waitFor = vi.waitFor.bind(vi);
  patient.waitFor = ((callback, options) =>
    waitFor(callback, { timeout: WAIT_MS, ...(typeof options === 'number' ? { timeout: options } : options) })) as typeof vi.waitFor;
  patient[PATIENT] = true;
}
