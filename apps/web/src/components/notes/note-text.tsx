import { linkify } from './linkify';

/** A note's text as text: links become links, line breaks stay, nothing else is interpreted. */
export function NoteText({ text, own }: { text: string; own: boolean }) {
  return (
    <p className="whitespace-pre-wrap wrap-anywhere">
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={`underline underline-offset-2 ${own ? 'text-inherit' : 'text-blue-800'}`}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
