const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** Markup that `html` must not escape again: only ever built by `html` itself or from constants. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/**
 * A template tag that escapes every interpolated value unless it is already SafeHtml (an `html`
 * fragment); arrays are joined. So a name such as `<script>` in a company or person can never become
 * markup, and forgetting to escape is impossible.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

/** A colour fit for a style attribute ("#2aa21d"), or the fallback. */
export function cssColor(value: string | null | undefined, fallback: string): string {
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance; see decision 005). */
export function textOn(color: string): '#000000' | '#ffffff' {
  const channel = (offset: number) => {
    const c = parseInt(color.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with black (L+0.05)/0.05 against white 1.05/(L+0.05): black wins above L ≈ 0.179.
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

/**
 * The frame every message shares: a coloured bar, the brand name, the body, a footer (text, or an `html` fragment when it carries links). Plain tables and
 * inline styles, because that is what mail clients render.
 */
export function layout(options: { title: string; brand: string; color: string; body: SafeHtml; footer: string | SafeHtml }): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title}</title>
      </head>
      <body
        style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a"
      >
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0">
          <tr>
            <td align="center">
              <table
                role="presentation"
                width="560"
                cellpadding="0"
                cellspacing="0"
                style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden"
              >
                <tr>
                  <td style="height:6px;background:${options.color}"></td>
                </tr>
                <tr>
                  <td style="padding:24px 32px 0;font-size:14px;font-weight:600;color:#475569">${options.brand}</td>
                </tr>
                <tr>
                  <td style="padding:8px 32px 24px;font-size:16px;line-height:1.5">${options.body}</td>
                </tr>
                <tr>
                  <td style="padding:16px 32px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">${options.footer}</td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`.value;
}

/**
 * A message whose point is one link: a greeting, a sentence of what it is, a button, a note (how long the link works)
 * and the address spelled out for clients that show no button. Answers the plain text and the HTML body alike.
 */
export function linkMessage(options: { greeting: string; lead: string; action: string; link: string; note: string; color: string; signature: string }) {
  const { greeting, lead, action, link, note, color } = options;
  const text = [greeting, '', lead, '', `${action}:`, '', link, '', note, '', `– ${options.signature}`, ''].join('\n');
  const body = html`<p style="margin:0 0 16px">${greeting}</p>
    <p style="margin:0 0 24px">${lead}</p>
    <p style="margin:0 0 24px">
      <a
        href="${link}"
        style="display:inline-block;padding:12px 28px;border-radius:9999px;background:${color};color:${textOn(color)};font-weight:600;text-decoration:none"
        >${action}</a
      >
    </p>
    <p style="margin:0 0 8px;font-size:14px;color:#475569">${note}</p>
    <p style="margin:0 0 8px;font-size:14px;color:#475569">
      If the button does not work, copy this address into your browser:<br /><a href="${link}" style="color:#334155;word-break:break-all">${link}</a>
    </p>`;
  return { text, body };
}
