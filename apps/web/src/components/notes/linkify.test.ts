import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('turns http and https addresses into links and leaves everything else as text', () => {
    expect(linkify('See https://acme.example.com/a?b=1 and <b>this</b>.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://acme.example.com/a?b=1', href: 'https://acme.example.com/a?b=1' },
      { kind: 'text', text: ' and <b>this</b>.' },
    ]);
  });

  it('never makes a link of javascript: or other schemes', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example.com', '<a href="javascript:alert(1)">x</a>']) {
      expect(linkify(text).every((part) => part.kind === 'text')).toBe(true);
    }
  });

  it('leaves sentence punctuation out of a link, but keeps a closing bracket the link opened', () => {
    expect(linkify('Look: http://x.example.com/tiles.').at(1)).toMatchObject({ href: 'http://x.example.com/tiles' });
    expect(linkify('(http://x.example.com/a)').at(1)).toMatchObject({ href: 'http://x.example.com/a' });
    expect(linkify('https://en.example.org/wiki/Tile_(material)').at(0)).toMatchObject({ href: 'https://en.example.org/wiki/Tile_(material)' });
  });
});
