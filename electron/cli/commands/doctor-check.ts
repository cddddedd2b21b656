/** One line of `statusdesk doctor`: what was checked, whether it holds, what was found and what to do. */
export interface DoctorCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** What to do when it does not hold. */
  fix?: string;
}

/** `ok   data folder: …` or `FAIL account Acme: … → what to do`, one line each. */
export function doctorLine(check: DoctorCheck): string {
  return `${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.detail}${!check.ok && check.fix ? ` → ${check.fix}` : ''}`;
}
