import { describe, expect, it } from 'vitest';
import { sameStoredText, storedText } from '../../../electron/core/outbox/statuspal/stored-text';

describe('text as a server may store it', () => {
  it('trims and collapses whitespace, line breaks and no-break spaces included', () => {
    expect(storedText('  Checkout   down \n\t in EU\u00a0 ')).toBe('Checkout down in EU');
    expect(sameStoredText('  Checkout  down ', 'Checkout down')).toBe(true);
    expect(sameStoredText('Line one\r\n\r\nLine two', 'Line one\nLine two')).toBe(true);
  });

  it('reduces HTML to its text: tags stripped, blocks spaced, scripts dropped or kept, comments gone', () => {
    expect(storedText('<b>Checkout</b> down')).toBe('Checkout down');
    expect(storedText('<p>First</p><p>Second</p>')).toBe('First Second');
    expect(storedText('Hi<script>alert(1)</script> there<!-- note -->')).toBe('Hi there');
    // strip_tags keeps a script's text; DOMPurify drops it whole: both are the same write.
    expect(sameStoredText('Hi<script>alert(1)</script> there', 'Hialert(1) there')).toBe(true);
    expect(sameStoredText('Hi<script>alert(1)</script> there', 'Hi there')).toBe(true);
    // A sanitiser that glues blocks together.
    expect(sameStoredText('<p>First</p><p>Second</p>', 'FirstSecond')).toBe(true);
    // An allow-list sanitiser that keeps <b> but drops its attributes.
    expect(sameStoredText('<b onclick="x()">Down</b>', '<b>Down</b>')).toBe(true);
  });

  it('decodes entities, also when the server escaped on the way in (twice)', () => {
    expect(storedText('R&amp;D &lt;b&gt;down&lt;/b&gt; &#39;now&#x27; &nbsp;&hellip;')).toBe("R&D down 'now' …");
    expect(sameStoredText('<b>Fish & chips</b>', '&lt;b&gt;Fish &amp; chips&lt;/b&gt;')).toBe(true);
    expect(sameStoredText('<b>Fish & chips</b>', '&amp;lt;b&amp;gt;Fish &amp;amp; chips&amp;lt;/b&amp;gt;')).toBe(true);
    expect(storedText('&unknown; &#0; &#xFFFFFFF;')).toBe('&unknown; &#0; &#xFFFFFFF;');
  });

  it('treats composed and decomposed accents as the same text', () => {
    expect(sameStoredText('Caf\u00e9 down', 'Cafe\u0301 down')).toBe(true);
  });

  it('keeps text that is not markup, and tells different words apart', () => {
    expect(storedText('latency < 200 ms and > 100 ms')).toBe('latency < 200 ms and > 100 ms');
    expect(sameStoredText('Checkout down', 'Checkout  Down')).toBe(false);
    expect(sameStoredText('Checkout down', 'Checkout down (EU)')).toBe(false);
    expect(sameStoredText('Checkout down', 'Checkoutdown')).toBe(false);
  });
});
