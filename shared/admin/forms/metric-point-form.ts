import { z } from 'zod';
import { parseMetricTime, parseMetricValue } from '../metric-time';

/** The metric a point goes to: metrics are made in the product's dashboard, so the user gives its id. */
export const metricIdSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, 'Enter the metric id, a number (it is in the metric’s settings in the dashboard).')
  .transform(Number)
  .refine((id) => id > 0 && Number.isSafeInteger(id), 'The metric id is a positive number.');

/** One point typed by hand; an empty time means now. */
export function metricPointFormSchema(nowSeconds: () => number) {
  return z
    .object({
      time: z.string(),
      value: z.string(),
    })
    .transform((form, ctx) => {
      const time = form.time.trim() === '' ? { ok: true as const, seconds: nowSeconds() } : parseMetricTime(form.time);
      const value = parseMetricValue(form.value);
      if (!time.ok) ctx.addIssue({ code: 'custom', path: ['time'], message: capitalise(time.message) + '.' });
      if (!value.ok) ctx.addIssue({ code: 'custom', path: ['value'], message: capitalise(value.message) + '.' });
      return time.ok && value.ok ? { time: time.seconds, value: value.value } : z.NEVER;
    });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
