import { describe, expect, it } from 'vitest';
import {
  MAX_IMPORTED_SUBSCRIBERS,
  MAX_LISTED_ERRORS,
  MAX_SUBSCRIBER_CSV_BYTES,
  knownSubscriberKeys,
  parseSubscriberCsv,
  subscriberFileTooLarge,
} from '../../../shared/admin/subscriber-csv';
import { exportText } from '../../../shared/export/columns';

/* Subscribers imported from CSV, each checked before anything is queued. */

describe('subscriber import', () => {
  it('one subscriber a line: an email address, a phone number with its country code, a chat address', () => {
    const result = parseSubscriberCsv('alice@example.com\n\n+41 79 123 45 67\nhttps://hooks.chat.example/T1\nALICE@example.com\n');
    expect(result.bodies).toEqual([
      { kind: 'email', email: 'alice@example.com' },
      { kind: 'sms', phone_country_code: '+41', phone_number: '79 123 45 67' },
      { kind: 'chat', webhook_url: 'https://hooks.chat.example/T1' },
    ]);
    expect(result.repeated).toBe(1);
    expect(result.errors).toEqual([]);
  });

  it('reads back an export of subscriptions (its header names the columns; the formula guard is taken off)', () => {
    const exported = exportText('subscriptions', 'csv', [
      { id: 'a', kind: 'email', email: 'bob@example.com' },
      { id: 'b', kind: 'sms', phone_country_code: '+44', phone_number: '20 7946 0000' },
      { id: 'c', kind: 'chat', webhook_url: 'https://hooks.chat.example/T2' },
    ]);
    expect(parseSubscriberCsv(exported).bodies).toEqual([
      { kind: 'email', email: 'bob@example.com' },
      { kind: 'sms', phone_country_code: '+44', phone_number: '20 7946 0000' },
      { kind: 'chat', webhook_url: 'https://hooks.chat.example/T2' },
    ]);
  });

  it('names every bad line by its number, in the form’s words', () => {
    const result = parseSubscriberCsv('alice@example.com\nnot an address\n791234567\nftp://files.example\n');
    expect(result.errors).toEqual([
      { line: 2, message: 'Enter an email address, such as alice@example.com.' },
      { line: 3, message: 'Give the phone number with its country code, such as +41 79 123 45 67.' },
      { line: 4, message: 'Enter an email address, such as alice@example.com.' },
    ]);
    expect(parseSubscriberCsv('\n\n').errors).toEqual([{ line: 1, message: 'No subscribers: one email address, phone number or chat address a line.' }]);
  });

  it('skips the subscribers the page already has, however they are written, and names where they deliver', () => {
    const page = knownSubscriberKeys([
      { id: 1, kind: 'email', email: 'Alice@Example.com' },
      { id: 2, kind: 'sms', phone_country_code: '+41', phone_number: '79 123 45 67' },
      { id: 3, kind: 'chat', webhook_url: 'https://hooks.chat.example/T1' },
    ]);
    const result = parseSubscriberCsv('alice@example.com\n+41 791234567\nhttps://hooks.chat.example/T1\nbob@example.com\n', page);
    expect(result.bodies).toEqual([{ kind: 'email', email: 'bob@example.com' }]);
    expect(result.existing).toEqual(['alice@example.com', '+41 791234567', 'https://hooks.chat.example/T1']);
    expect(result.errors).toEqual([]);
    // A file of only those the page has is not "no subscribers": nothing to queue, and said so by the caller.
    expect(parseSubscriberCsv('alice@example.com\n', page)).toMatchObject({ bodies: [], errors: [], existing: ['alice@example.com'] });
  });

  it('takes international addresses as people have them', () => {
    expect(parseSubscriberCsv('jörg@bücher.de\n用户@例子.广告\n').bodies).toEqual([
      { kind: 'email', email: 'jörg@bücher.de' },
      { kind: 'email', email: '用户@例子.广告' },
    ]);
    expect(parseSubscriberCsv('jörg@localhost\n').errors).toEqual([{ line: 1, message: 'Enter an email address, such as alice@example.com.' }]);
  });

  it('says where a quote opens and never closes, instead of blaming an address', () => {
    const result = parseSubscriberCsv('alice@example.com\n"bob@example.com\ncarol@example.com\n');
    expect(result.errors).toEqual([{ line: 2, message: expect.stringMatching(/quote opens on this line and never closes/) }]);
    expect(result.bodies).toEqual([]);
  });

  it('bounds what it reads and lists: a file past the size or the row cap is refused whole, problems past 100 are counted', () => {
    expect(subscriberFileTooLarge(MAX_SUBSCRIBER_CSV_BYTES)).toBeNull();
    expect(subscriberFileTooLarge(100 * 1024 * 1024)).toMatch(/^The file is 100 MB; at most 8\.0 MB .*split it\.$/);
    expect(parseSubscriberCsv('x'.repeat(MAX_SUBSCRIBER_CSV_BYTES + 1)).errors[0]!.message).toMatch(/split it/);

    const tooMany = Array.from({ length: MAX_IMPORTED_SUBSCRIBERS + 1 }, (_, i) => `u${i}@example.com`).join('\n');
    expect(parseSubscriberCsv(tooMany)).toMatchObject({ bodies: [], errorCount: 1, errors: [{ line: 1, message: expect.stringMatching(/At most 50,000/) }] });

    const junk = parseSubscriberCsv(Array.from({ length: 300 }, (_, i) => `not an address ${i}`).join('\n'));
    expect(junk.errorCount).toBe(300);
    expect(junk.errors).toHaveLength(MAX_LISTED_ERRORS);
    expect(junk.errors[0]!.line).toBe(1);
  });
});
