// The unsubscribe link of notification and digest mail (/unsubscribe?token=…). GET shows a page
// with one button and changes nothing, so a mail scanner that follows every link does not turn
// anyone's mail off; the button is a native form POST to the same address. POST is also RFC 8058's
// one-click unsubscribe, sent by mail providers with the body "List-Unsubscribe=One-Click": the
// token in the address alone decides (no session, no body needed), through the same procedure as
// POST /api/email/unsubscribe. Small pages of their own, without the web app: they must work from
// any mail client, with or without JavaScript.
import { createCaller, escapeHtml, siteName, unsubscribeListOf } from "@forum/api";
import { MESSAGES } from "@forum/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContextFactory } from "./context";
import { errorItem } from "./trpcQueries";

/** The link's path; exempt from the Origin check (origin.ts): the token, not a cookie, authorises it. */
export const UNSUBSCRIBE_PATH = "/unsubscribe";

const QUESTION = {
  notify: {
    title: "Stop email notifications?",
    text: "You will no longer get an email when a reply or a mention stays unread.",
  },
  digest: {
    title: "Stop the weekly digest?",
    text: "You will no longer get the weekly email of the most active discussions.",
  },
} as const;

/** The forum's name, as the admin set it (screen "Site"). */
type SiteNameOf = () => Promise<string>;

async function page(reply: FastifyReply, status: number, title: string, body: string, nameOf: SiteNameOf) {
  const name = escapeHtml(await nameOf());
  return reply
    .status(status)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} - ${name}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">${name}</a></p></main></body></html>`,
    );
}

const tokenOf = (request: FastifyRequest) => {
  const token = (request.query as Record<string, unknown>).token;
  return typeof token === "string" ? token : "";
};

export function registerUnsubscribe(
  app: FastifyInstance,
  options: { contextFor: ContextFactory; db: Parameters<typeof unsubscribeListOf>[0]; now: () => number },
): void {
  const nameOf = () => siteName(options.db);
  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const token = tokenOf(request);
    const list = token ? await unsubscribeListOf(options.db, token, options.now()) : undefined;
    if (!list) return page(reply, 400, "Unsubscribe", `<p>${escapeHtml(MESSAGES.unsubscribeLinkInvalid)}</p>`, nameOf);
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    return page(
      reply,
      200,
      QUESTION[list].title,
      `<p>${escapeHtml(QUESTION[list].text)}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      nameOf,
    );
  });

  void app.register(async (oneClick) => {
    // The one-click body is a form; what it says does not matter (the token decides), so any is taken.
    oneClick.addContentTypeParser(
      ["application/x-www-form-urlencoded", "text/plain"],
      { parseAs: "string", bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    );
    oneClick.post(UNSUBSCRIBE_PATH, async (request, reply) => {
      try {
        const done = await createCaller(await options.contextFor(request, reply)).email.unsubscribe({
          token: tokenOf(request),
        });
        return page(reply, 200, "Unsubscribed", `<p>${escapeHtml(done.message)}</p>`, nameOf);
      } catch (cause) {
        const failure = errorItem(cause);
        if (failure.httpStatus >= 500) throw cause;
        return page(
          reply,
          failure.httpStatus,
          "Unsubscribe",
          `<p>${escapeHtml(failure.body.error.message)}</p>`,
          nameOf,
        );
      }
    });
  });
}
