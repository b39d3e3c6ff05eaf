// A mail's words as data, rendered into both parts: the plain-text part and the HTML part come
// from the same content, so they never say different things. Every link is absolute (the
// caller builds it from the forum's public address, never from a request's Host).

export type MailAction = { label: string; url: string };

/** One entry of a list mail (a notification, a digest discussion). */
export type MailItem = { title: string; url: string; byline?: string; excerpt?: string };

export type MailContent = {
  subject: string;
  /** Opening paragraphs. */
  paragraphs: readonly string[];
  /** The one button (reset, confirm); its URL is also printed in the text part. */
  action?: MailAction;
  items?: readonly MailItem[];
  /** Closing small print (why the member gets this, how to turn it off). */
  footer?: readonly string[];
};

export type RenderedMail = { subject: string; text: string; html: string };

/** Subject prefixed with the forum's name; text and HTML from the same content. */
export function renderMail(content: MailContent, siteName: string): RenderedMail {
  return {
    subject: `[${siteName}] ${content.subject}`,
    text: renderText(content, siteName),
    html: renderHtml(content, siteName),
  };
}

function renderText(content: MailContent, siteName: string): string {
  const blocks: string[] = [...content.paragraphs];
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  for (const item of content.items ?? []) {
    blocks.push([item.title, item.byline, item.excerpt && `"${item.excerpt}"`, item.url].filter(Boolean).join("\n"));
  }
  blocks.push(["--", siteName, ...(content.footer ?? [])].join("\n"));
  return `${blocks.join("\n\n")}\n`;
}

function renderHtml(content: MailContent, siteName: string): string {
  const parts: string[] = content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  if (content.action) {
    const url = escapeHtml(content.action.url);
    parts.push(
      `<p><a href="${url}" style="display:inline-block;padding:10px 16px;background:#228be6;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(content.action.label)}</a></p>`,
      `<p style="font-size:12px;color:#666666">${url}</p>`,
    );
  }
  if (content.items?.length) {
    const items = content.items.map(
      (item) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(item.url)}"><strong>${escapeHtml(item.title)}</strong></a>` +
        (item.byline ? `<br><span style="color:#666666">${escapeHtml(item.byline)}</span>` : "") +
        (item.excerpt ? `<br>${escapeHtml(item.excerpt)}` : "") +
        "</li>",
    );
    parts.push(`<ul style="padding-left:18px">${items.join("")}</ul>`);
  }
  const footer = [siteName, ...(content.footer ?? [])].map(escapeHtml).join("<br>");
  parts.push(`<hr><p style="font-size:12px;color:#666666">${footer}</p>`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">${parts.join("\n")}</body></html>`;
}

/** Text made safe inside HTML, attributes included. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
