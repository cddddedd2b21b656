import { afterEach, describe, expect, it } from 'vitest';
import { apiDateTimeStringSchema, formatApiDateTime, parseApiDateTime, tryParseApiDateTime } from '../../../shared/statuspal';

const originalTz = process.env.TZ;

afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('API datetimes', () => {
  it.each(['America/Detroit', 'Asia/Tehran', 'Pacific/Kiritimati', 'UTC'])('reads a naive value as UTC with TZ=%s', (tz) => {
    process.env.TZ = tz;
    const date = parseApiDateTime('2022-04-20T18:27:16');
    expect(date.toISOString()).toBe('2022-04-20T18:27:16.000Z');
    expect(date.getTime()).toBe(Date.UTC(2022, 3, 20, 18, 27, 16));
  });

  it('differs from what new Date() would do in a non-UTC zone', () => {
    process.env.TZ = 'America/Detroit';
    expect(new Date('2022-04-20T18:27:16').getTime()).not.toBe(parseApiDateTime('2022-04-20T18:27:16').getTime());
  });

  it('accepts zone suffixes and fractions', () => {
    expect(parseApiDateTime('2022-04-20T18:27:16Z').toISOString()).toBe('2022-04-20T18:27:16.000Z');
    expect(parseApiDateTime('2022-04-20T20:27:16+02:00').toISOString()).toBe('2022-04-20T18:27:16.000Z');
    expect(parseApiDateTime('2022-04-20T13:57:16-0430').toISOString()).toBe('2022-04-20T18:27:16.000Z');
    expect(parseApiDateTime('2022-04-20T18:27:16.123456').toISOString()).toBe('2022-04-20T18:27:16.123Z');
  });

  it('rejects invalid values', () => {
    for (const bad of ['2022-02-30T00:00:00', '2022-13-01T00:00:00', '2022-04-20 18:27:16', '2022-04-20', '2022-04-20T24:00:00', 'yesterday', '']) {
      expect(tryParseApiDateTime(bad), bad).toBeNull();
      expect(() => parseApiDateTime(bad)).toThrow(RangeError);
    }
    expect(tryParseApiDateTime(null)).toBeNull();
    expect(tryParseApiDateTime('2024-02-29T00:00:00')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('formats to the naive wire form and validates input strings', () => {
    expect(formatApiDateTime(new Date('2022-04-20T18:27:16.900Z'))).toBe('2022-04-20T18:27:16');
    expect(formatApiDateTime(Date.UTC(2030, 0, 1))).toBe('2030-01-01T00:00:00');
    expect(apiDateTimeStringSchema.safeParse('2030-01-01T00:00:00').success).toBe(true);
    expect(apiDateTimeStringSchema.safeParse('01/01/2030').success).toBe(false);
  });
});
