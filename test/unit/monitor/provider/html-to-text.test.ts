import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../../shared/monitor/provider/html-to-text';
import { draftFromProviderIncident } from '../../../../shared/monitor/provider/draft-from-provider';

/* A provider's HTML never goes into our message; its text and its links do. */

describe("a provider's HTML as plain text", () => {
  it('drops the markup, keeps paragraphs, list items and links as text', () => {
    expect(htmlToText('<p>Uploads <b>fail</b> with <i>503</i>.</p><p>Next update in 30&nbsp;min.</p>')).toBe(
      'Uploads fail with 503.\n\nNext update in 30 min.',
    );
    expect(htmlToText('Affected:<ul><li>EU</li><li>US&#8209;East</li></ul>')).toBe('Affected:\n\n- EU\n- US‑East');
    expect(htmlToText('See <a href="https://status.example.com/i/1?a=1&amp;b=2">our incident</a>.')).toBe(
      'See our incident (https://status.example.com/i/1?a=1&b=2).',
    );
    expect(htmlToText('<a href="https://status.example.com">https://status.example.com</a>')).toBe('https://status.example.com');
    expect(htmlToText('line one<br>line two<br/>line three')).toBe('line one\nline two\nline three');
    expect(htmlToText('<script>alert(1)</script><style>p{}</style>Text<!-- hidden -->')).toBe('Text');
  });

  it('leaves plain text as it is, and an escaped tag stays text', () => {
    expect(htmlToText('We are investigating.\n\n- first\n- second')).toBe('We are investigating.\n\n- first\n- second');
    expect(htmlToText('Use &lt;b&gt; for bold')).toBe('Use <b> for bold');
    expect(htmlToText('a <javascript:x> link <a href="javascript:alert(1)">here</a>')).toBe('a link here');
  });

  it('the draft of our incident carries none of their markup', () => {
    const draft = draftFromProviderIncident({
      providerName: 'Nimbus Cloud',
      mapping: {},
      incident: {
        title: 'Storage <b>degraded</b> &amp; slow',
        type: 'major',
        level: 'major',
        url: null,
        serviceIds: [],
        latestUpdate: {
          id: 1,
          type: 'investigating',
          description: '<p>Uploads <strong>fail</strong>. See <a href="https://x.example/s">status</a>.</p>',
          postedAt: null,
        },
      },
    });
    expect(draft.title).toBe('Nimbus Cloud: Storage degraded & slow');
    const message = draft.updates[0]!.description;
    expect(message).not.toMatch(/<\/?[a-z]/i);
    expect(message).toContain('> Uploads fail. See status (https://x.example/s).');
  });
});
